// A Docusaurus site with custom pages under src/pages (tests/fixtures/docusaurus-pages): a React
// landing page at `/`, a Markdown page and an MDX page importing a component, each at its route
// and laid out without the docs sidebar; files Docusaurus does not make routes stay out.

import { beforeAll, describe, expect, it } from 'vitest';
import { isIsland, type IslandProps } from '../../../client/contract/islands.ts';
import { kvKeys } from '../../../client/contract/storage.ts';
import type { PageData, TreeElement } from '../../../client/contract/page.ts';
import { buildSite, page, writeSite, type BuiltSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';
import { findAll } from '../support/tree.ts';

const fixture = 'tests/fixtures/docusaurus-pages';

const islands = (tree: PageData['tree']) =>
  findAll(tree, (element) => isIsland(element)).map((element) => (element as TreeElement & { p: IslandProps }).p);

describe('a site with src/pages', () => {
  let site: BuiltSite;
  const at = (route: string) => site.pages.find((p) => p.route === route)!;

  beforeAll(async () => {
    site = await buildSite(fixture);
  });

  it('serves each page file at its route, beside the docs, and leaves out partials and tests', () => {
    expect(site.pages.map((p) => p.route).sort()).toEqual(['/', '/about', '/docs/guide', '/docs/intro', '/team']);
    expect(site.pages.filter((p) => p.layout !== undefined).map((p) => [p.source, p.layout])).toEqual([
      ['src/pages/about.md', 'page'],
      ['src/pages/index.js', 'component'],
      ['src/pages/team/index.mdx', 'page'],
    ]);
    expect(at('/docs/intro').layout).toBeUndefined();
    expect(site.warnings.map((warning) => warning.message)).toEqual([]);
  });

  it('renders the React page at build time as one island, with its Layout title and description', () => {
    const home = at('/');
    const [island] = islands(home.tree);
    expect(island).toMatchObject({ island: 'src/pages/index.js', export: 'default', props: {} });
    expect(home.tree).toHaveLength(1);
    expect(home.islands).toEqual(['src/pages/index.js']);
    // useDocusaurusContext, Link, useBaseUrl, a CSS module and useState, as the server renders them.
    expect(island!.html).toContain('<h1 class="hero__title">Pages Fixture</h1>');
    expect(island!.html).toMatch(
      /<a class="button button--secondary button--lg" href="\/docs\/intro">Get started<\/a>/,
    );
    expect(island!.html).toContain('src="/img/logo.svg" alt="Pages logo"');
    // Without the image preload React's server render puts first, which the browser's hydration would trip on.
    expect(island!.html).toMatch(/^<header /);
    expect(island!.html).toMatch(/<header class="hero hero--primary pages_heroBanner_\w+">/);
    expect(island!.html).toContain('Stars: <!-- -->0');
    expect(island!.html.match(/<h3>/g)).toHaveLength(3);
    // An SVG file the page requires is a component, as Docusaurus's SVGR makes it.
    expect(island!.html).toMatch(
      /<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="120" height="80" viewBox="0 0 120 80" class="pages_featureSvg_\w+" role="img" aria-label="Easy to use"><rect x="10"/,
    );
    expect(home).toMatchObject({
      layout: 'component',
      title: 'Welcome | Pages Fixture',
      description: 'The landing page of the pages fixture',
      hideTitle: true,
      toc: [],
      breadcrumbs: [],
    });
    expect(home.sidebar).toBeUndefined();
  });

  it('compiles a Markdown page with its front matter and TOC, and no docs sidebar', () => {
    expect(at('/about')).toMatchObject({
      layout: 'page',
      title: 'About us',
      description: 'Who makes the pages fixture.',
      className: 'about-page',
      hideTableOfContents: false,
      toc: [
        { id: 'our-story', text: 'Our story', level: 2 },
        { id: 'our-values', text: 'Our values', level: 2 },
      ],
    });
    expect(at('/about').sidebar).toBeUndefined();
    expect(at('/about').styles).toContain('custom-page');
    expect(at('/docs/intro').styles).not.toContain('custom-page');
    expect(at('/about').version).toBeUndefined();
  });

  it('gives an MDX page the components it imports', () => {
    const team = at('/team');
    expect(team).toMatchObject({ title: 'The team', hideTableOfContents: true });
    expect(islands(team.tree).map((island) => island.island)).toEqual(['src/components/Member.jsx']);
    expect(islands(team.tree)[0]!.html).toContain('<strong>Ada</strong>');
  });

  it('puts the pages in search, and the Markdown ones in llms.txt', () => {
    const searched = new Set(site.records.map((record) => new URL(record.url).pathname));
    expect(searched).toEqual(new Set(['/', '/about', '/team', '/docs/intro', '/docs/guide']));
    // Docusaurus's facet: the docs carry their version's tag, the pages `default` (searched with any version).
    const tags = new Map(site.records.map((record) => [new URL(record.url).pathname, record.docusaurus_tag]));
    expect([tags.get('/about'), tags.get('/'), tags.get('/docs/intro')]).toEqual([
      'default',
      'default',
      'docs-default-current',
    ]);
    const llms = site.manifest.llms.map((hash) => site.entry(kvKeys.llms(hash)) ?? '').join('\n');
    expect(llms).toContain('[About us](https://pages.example.test/about)');
    expect(llms).toContain('[The team](https://pages.example.test/team)');
    expect(llms).not.toContain('https://pages.example.test/)');
  });

  it('lets docs link to the pages, and no longer leads `/` to the first doc', () => {
    expect(site.routeTargets.get('/')).toHaveProperty('page');
    expect(site.routeTargets.get('/docs')).toEqual({ redirect: '/docs/intro' });
  });
});

describe('custom pages that clash or link badly', () => {
  it('stops the build when src/pages/index.js and a doc served at / both claim the root', async () => {
    const siteDir = await writeSite({
      'docusaurus.config.js':
        "module.exports = { title: 'T', url: 'https://t.test', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/' } }]] };",
      'docs/index.md': page('Home', 'Hello.'),
      'src/pages/index.js': 'export default function Home() { return <p>Home</p>; }\n',
    });
    const failure = await expectBuildFailure(siteDir);
    failure.onlyError({
      file: 'src/pages/index.js',
      problem: /duplicate route \/: a doc has it too \(the docs are served at routeBasePath "\/"\)/,
      fix: /routeBasePath: "\/docs"/,
    });
  });

  it('checks the links of a Markdown page like any link', async () => {
    const siteDir = await writeSite({
      'docs/intro.md': page('Intro', 'Hello.'),
      'src/pages/about.md': '# About\n\nSee [nothing](/nowhere).\n',
    });
    const failure = await expectBuildFailure(siteDir);
    expect(failure.onlyError().file).toBe('src/pages/about.md');
    expect(failure.messages[0]).toContain('/nowhere');
  });
});
