// Step "compile" on Docusaurus's theme aliases: `@theme/X` is the site's src/theme/X when it has
// one, else ours; `@theme-original/X` is ours; the site's MDXComponents adds to every page's
// scope; the theme components pages import render with our look; swizzled layout components
// are said once each.

import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isIsland, type IslandProps } from '../../../client/contract/islands.ts';
import type { PageData, TreeElement } from '../../../client/contract/page.ts';
import { bundleClient } from '../../../scripts/compiler/assets/client-bundle.ts';
import { defaultSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';
import { pageContext } from '../../../scripts/compiler/compile/page-context.ts';
import { buildSite, page, writeSite, type BuiltSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';
import { byTag, findAll, text } from '../support/tree.ts';

const fixture = 'tests/fixtures/docusaurus-theme';

const islands = (tree: PageData['tree']) =>
  findAll(tree, (element) => isIsland(element)).map((element) => (element as TreeElement & { p: IslandProps }).p);

describe('a site with a theme of its own', () => {
  let site: BuiltSite;
  const at = (route: string): PageData => site.pages.find((p) => p.route === route)!;

  beforeAll(async () => {
    site = await buildSite(fixture);
  });

  it("lists the category's items with <DocCardList /> in its index doc, as its generated page would", () => {
    const [list] = byTag(at('/docs/guides').tree, 'ul');
    expect(list!.p).toEqual({ className: 'card-list' });
    expect(byTag(list!.c!, 'h2').map(text)).toEqual(['Install', 'Deeper']);
    expect(byTag(list!.c!, 'a').map((a) => a.p?.href)).toEqual(['/docs/guides/install']);
    expect(byTag(list!.c!, 'p').map(text)).toEqual(['Put it on your machine.', '1 item']);
    // Card titles are not the page's headings.
    expect(at('/docs/guides').toc).toEqual([]);
  });

  it('renders Heading, CodeInline, MDXComponents parts, IdealImage, Layout and DocCard with our elements', () => {
    const { tree, toc } = at('/docs/intro');
    expect(toc).toEqual([{ id: 'made-here', text: 'Made here', level: 2 }]);
    expect(byTag(tree, 'code').slice(0, 2).map(text)).toEqual(['npm start', 'x = 1']);
    // A code element with a language is a block, highlighted like a fence.
    expect(byTag(tree, 'pre')[0]!.p).toMatchObject({ 'data-language': 'js' });
    expect(byTag(tree, 'img')[0]!.p).toEqual({ src: '/img/photo.png', alt: 'A photo', loading: 'lazy' });
    expect(text(tree)).toContain('Inside the layout.');
    const [card] = findAll(tree, (element) => element.t === 'div' && element.p?.className === 'card');
    expect(byTag([card!], 'a')[0]!.p?.href).toBe('https://example.test/');
    expect(text(card!)).toBe('ElsewhereAway');
  });

  it("gives @theme/X the site's own component and @theme-original/X ours", () => {
    const { tree } = at('/docs/intro');
    const swizzled = islands(tree).find((island) => island.island === 'src/theme/Admonition/index.js')!;
    // The site's wrapper around our Admonition, rendered with our look.
    expect(swizzled.html).toMatch(/^<div class="admonition-frame"><aside class="admonition admonition-note"/);
    expect(byTag(tree, 'Admonition').map(text)).toEqual(['Original.']);
    const added = islands(tree).find((island) => island.island === 'src/theme/Highlight.js')!;
    expect(added.html).toBe('<span class="highlight" style="background-color:#25c2a0">imported</span>');
  });

  it("puts what the site's MDXComponents adds in every page's scope, ours staying ours", () => {
    const { tree } = at('/docs/scope');
    // Tabs the site took from the theme are the registered Tabs, not a copy of them.
    const [tabs] = byTag(tree, 'Tabs');
    expect(byTag(tabs!.c!, 'TabItem')[0]!.p).toMatchObject({ value: 'a', label: 'A' });
    const [glow] = islands(tree);
    expect(glow).toMatchObject({ island: 'src/theme/MDXComponents/index.js', export: 'default.Glow' });
    expect(glow!.html).toBe('<mark class="glow">glowing</mark>');
    const inIntro = islands(at('/docs/intro').tree).find((island) => island.export === 'default.Glow');
    expect(inIntro!.html).toBe('<mark class="glow">from scope</mark>');
  });

  it('warns once about each layout component it does not render, and about nothing it uses', () => {
    const swizzled = site.warnings.filter((warning) => /swizzled/.test(warning.problem));
    expect(swizzled.map((warning) => [warning.file, warning.problem])).toEqual([
      [
        'src/theme/Footer/index.js',
        'swizzled theme component Footer is not used: the engine draws the page around the content itself',
      ],
    ]);
  });
});

describe('a site MDXComponents that cannot be bundled', () => {
  it('is left out with one warning naming the import, and every page builds with our components', async () => {
    const site = await buildSite(
      await writeSite({
        'src/theme/MDXComponents.js': [
          "import MDXComponents from '@theme-original/MDXComponents';",
          "import Mystery from '@theme/Mystery';",
          'export default { ...MDXComponents, Mystery };',
          '',
        ].join('\n'),
        'docs/a.mdx': page('A', 'export const x = 1;', '', '<Details summary="S">Body</Details>'),
      }),
    );
    expect(byTag(site.pages[0]!.tree, 'Details').map(text)).toEqual(['Body']);
    const warnings = site.warnings.filter((warning) => /MDXComponents/.test(warning.problem));
    expect(warnings.map((warning) => [warning.file, warning.line])).toEqual([['src/theme/MDXComponents.js', 2]]);
    expect(warnings[0]!.problem).toMatch(/^the site's MDXComponents is not used: unknown import @theme\/Mystery/);
  });
});

describe('the browser bundle of a theme of its own', () => {
  it('bundles the islands a page took from src/theme, with the aliases the build used', async () => {
    const site = await buildSite(fixture);
    const modules = [...new Set(site.pages.flatMap((p) => p.islands ?? []))].sort();
    expect(modules).toEqual([
      'src/theme/Admonition/index.js',
      'src/theme/Highlight.js',
      'src/theme/MDXComponents/index.js',
    ]);
    const bundle = await bundleClient({
      siteDir: resolve(fixture),
      modules,
      pageContext: pageContext(defaultSiteConfig),
    });
    // Markup only: none of them needs its script in the browser.
    expect(modules.map((id) => bundle.islands[id])).toEqual(modules.map(() => ({ styles: [] })));
  });
});

describe('<DocCardList /> outside a category', () => {
  it("fails the page, saying to give it items or use it in a category's doc", async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page('A', "import DocCardList from '@theme/DocCardList';", '', '<DocCardList />'),
    });
    const { problem } = (await expectBuildFailure(siteDir)).onlyError();
    expect(problem).toMatch(/<DocCardList> without items .* give it items=\{…\}/);
  });

  it('lists the items it is given', async () => {
    const site = await buildSite(
      await writeSite({
        'docs/a.mdx': page(
          'A',
          "import DocCardList from '@theme/DocCardList';",
          '',
          "<DocCardList items={[{ type: 'category', label: 'Many', href: '/docs/a', items: [1, 2] }]} />",
        ),
      }),
    );
    expect(text(byTag(site.pages[0]!.tree, 'li'))).toBe('Many2 items');
  });
});
