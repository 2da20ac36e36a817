// The docs theme's hooks as a site's pages and components use them (tests/fixtures/docusaurus-theme-hooks):
// `useDoc`, `useDocsSidebar`, the sidebar helpers and `@docusaurus/theme-common/internal`,
// answering for the doc being built, and carried by the islands that read them (and no other).

import { describe, expect, it } from 'vitest';
import { isIsland, type IslandProps } from '../../../client/contract/islands.ts';
import type { PageData, TreeElement } from '../../../client/contract/page.ts';
import type { DocsGlobalData } from '../../../client/contract/docs-global-data.ts';
import { bundleClient } from '../../../scripts/compiler/assets/client-bundle.ts';
import { defaultSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';
import { pageContext } from '../../../scripts/compiler/compile/page-context.ts';
import { servedHtml } from '../support/served-html.ts';
import { buildSite, type BuiltSite } from '../support/sites.ts';
import { findAll, text } from '../support/tree.ts';

const fixture = 'tests/fixtures/docusaurus-theme-hooks';

let built: Promise<BuiltSite> | undefined;
const site = () => (built ??= buildSite(fixture));
const pageAt = async (route: string) => (await site()).pages.find((page) => page.route === route)!;

const islandsOf = (tree: PageData['tree'], module?: string) =>
  (findAll(tree, isIsland) as (TreeElement & { p: IslandProps })[]).filter(
    (island) => module === undefined || island.p.island === module,
  );
const docFacts = 'src/components/DocFacts.jsx';
/** What a reader sees of an island's build-time HTML, a line per list item. */
const shownText = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<\/li>/g, '\n')
    .replace(/<[^>]+>/g, '');

describe('the docs theme hooks', () => {
  it('give a site component the doc it is on: metadata, front matter, TOC, title, sidebar and version', async () => {
    const [facts] = islandsOf((await pageAt('/intro')).tree, docFacts);
    expect(shownText(facts!.p.html).split('\n').slice(0, 10)).toEqual([
      'doc: intro “Introduction” at /intro',
      'description: Where the hooks start.',
      'audience: site authors',
      'content title: Welcome to the hooks',
      'toc: 2:first-steps 3:details',
      'next: Topics',
      'sidebar: guide (Introduction, Topics, Head, Overrides)',
      'active: 1',
      'category leads to: /topics',
      'version: current',
    ]);
    // Collapsed at first, as Docusaurus's server render hides it.
    expect(facts!.p.html).toContain('style="display:none;overflow:hidden;height:0px"');
  });

  it('keep the doc with the islands that read it, for their render in the browser', async () => {
    const [facts, crumbs] = islandsOf((await pageAt('/intro')).tree, docFacts);
    expect(facts!.p.doc?.metadata.id).toBe('intro');
    expect(crumbs!.p.doc?.sidebar?.name).toBe('guide');
    const [social] = islandsOf((await pageAt('/head')).tree, 'src/components/Social.jsx');
    expect(social!.p.doc).toBeUndefined();
  });

  it("answer a category's page: its category's items, its breadcrumbs, and useDoc in the page itself", async () => {
    const page = await pageAt('/topics');
    expect(findAll(page.tree, (element) => element.p?.className === 'page-doc').map(text)).toEqual(['Topics in guide']);
    const cards = findAll(page.tree, (element) => typeof element.p?.href === 'string' && element.t === 'a');
    expect(cards.map((card) => card.p!.href)).toEqual(['/topics/alpha', '/topics/beta']);
    // Each doc's description, as Docusaurus's DocCard shows it: its front matter's, or its first paragraph.
    const about = findAll(page.tree, (element) => element.p?.className === 'card-description').map(text);
    expect(about).toEqual(['The first topic.', 'Beta, after Alpha.']);
    const [crumbs] = islandsOf(page.tree, docFacts);
    expect(shownText(crumbs!.p.html)).toBe('Topics');
    const [, alphaCrumbs] = islandsOf((await pageAt('/intro')).tree, docFacts);
    expect(shownText(alphaCrumbs!.p.html)).toBe('Introduction');
  });
});

describe("the islands' browser bundle", () => {
  it('bundles the doc hooks for the browser without the docs data: useDoc reads the doc its island is given', async () => {
    const marker = '/only-in-the-docs-data';
    const docsData: DocsGlobalData = {
      path: '/',
      versions: [
        {
          name: 'current',
          label: 'Next',
          isLast: true,
          path: '/',
          mainDocId: 'intro',
          docs: [{ id: 'intro', path: marker, sidebar: 'guide', title: 'Intro' }],
          draftIds: [],
          sidebars: {},
          banner: null,
        },
      ],
      breadcrumbs: true,
    };
    const bundle = await bundleClient({
      siteDir: fixture,
      modules: ['src/components/DocTitle.jsx', docFacts],
      pageContext: pageContext(defaultSiteConfig),
      docsData,
    });
    const decode = (path: string) => new TextDecoder().decode(bundle.files.get(path.replace(/^\//, '')));
    const loads = (script: string, seen = new Set<string>()): string[] => {
      if (!seen.has(script)) {
        seen.add(script);
        for (const [, imported] of decode(script).matchAll(/from\s*"(\/assets\/[^"]+\.js)"/g)) loads(imported!, seen);
      }
      return [...seen].map(decode);
    };
    const withData = (module: string) => loads(bundle.islands[module]!.script!).some((code) => code.includes(marker));
    expect(withData('src/components/DocTitle.jsx')).toBe(false);
    // useDocsVersion reads every doc of the version.
    expect(withData(docFacts)).toBe(true);
  });
});

describe('<Head> in a page and in a site component', () => {
  it("stores its title, meta and link tags with the page, the component's too", async () => {
    const page = await pageAt('/head');
    expect(page.head).toEqual({
      title: 'A title of its own',
      tags: [
        { tagName: 'meta', attributes: { name: 'description', content: 'Set by <Head> & escaped' } },
        { tagName: 'meta', attributes: { property: 'og:image', content: 'https://theme-hooks.example.test/card.png' } },
        { tagName: 'link', attributes: { rel: 'alternate', type: 'application/rss+xml', href: '/feed.xml' } },
        { tagName: 'meta', attributes: { name: 'twitter:site', content: '@theme_hooks' } },
      ],
    });
    // Nothing of it is page content.
    expect(text({ t: 'div', c: page.tree })).not.toContain('A title of its own');
    expect((await pageAt('/intro')).head).toBeUndefined();
  });

  it('is written into the served head, escaped, its title alone and its description in place of ours', async () => {
    const page = await pageAt('/head');
    const { manifest } = await site();
    const html = await servedHtml(manifest, page);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>A title of its own</title>');
    expect(head.match(/<meta name="description"[^>]*>/g)).toEqual([
      '<meta name="description" content="Set by &lt;Head&gt; &amp; escaped">',
    ]);
    // What it does not set stays the engine's.
    expect(head).toContain('<meta property="og:description" content="From the front matter.">');
    expect(head).toContain('<meta property="og:image" content="https://theme-hooks.example.test/card.png">');
    expect(head).toContain('<link rel="alternate" type="application/rss+xml" href="/feed.xml">');
    expect(head).toContain('<meta name="twitter:site" content="@theme_hooks">');
    expect(head).not.toContain('alert');
  });

  it('leaves a <script> out, with a warning naming the page and its line', async () => {
    const { warnings } = await site();
    const warning = warnings.find((entry) => entry.problem.includes('<script>'));
    expect(warning).toMatchObject({ file: 'docs/head.mdx', line: 14 });
    expect(warning!.fix).toMatch(/static\//);
    expect(JSON.stringify((await pageAt('/head')).head)).not.toContain('alert');
  });
});

describe("the site's own content components", () => {
  it("render Markdown's links and headings with the element overrides of its MDXComponents, keeping the TOC", async () => {
    const page = await pageAt('/overrides');
    const html = islandsOf(page.tree).map((island) => island.p.html);
    expect(html).toContain('<a href="/intro" class="site-link">introduction</a>');
    expect(html).toContain('<h2 id="swizzled-parts" class="site-h2">§ <!-- -->Swizzled parts</h2>');
    expect(page.toc).toEqual([{ id: 'swizzled-parts', text: 'Swizzled parts', level: 2 }]);
  });

  it('render every :::note with its swizzled Admonition', async () => {
    const page = await pageAt('/overrides');
    const admonition = islandsOf(page.tree).find((island) => island.p.island === 'src/theme/Admonition/index.js');
    expect(shownText(admonition!.p.html)).toBe('RememberAdmonitions use the site&#x27;s own component.');
    expect(findAll(page.tree, (element) => element.t === 'Admonition')).toEqual([]);
  });

  it('apply to a page of plain Markdown too, which is then built by its code', async () => {
    const page = await pageAt('/topics/beta');
    expect(islandsOf(page.tree).map((island) => island.p.export)).toEqual(['default.a', 'default']);
    expect(islandsOf(page.tree, 'src/theme/Admonition/index.js')[0]!.p.props).toMatchObject({ type: 'tip' });
  });

  it('draw <Mermaid value={…}> as a ```mermaid fence is drawn', async () => {
    const page = await pageAt('/overrides');
    const [diagram] = findAll(page.tree, (element) => element.p?.className === 'mermaid-diagram');
    expect(diagram!.p).toMatchObject({ 'data-mermaid-light': 'default', 'data-mermaid-dark': 'dark' });
    expect(text(diagram!)).toBe('graph TD;\n  A-->B;');
    expect(page.styles).toContain('mermaid');
  });
});
