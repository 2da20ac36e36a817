// A Docusaurus site with custom pages under src/pages (tests/fixtures/docusaurus-pages): the
// worker serves the React landing page's server HTML at `/`, its Markdown pages at their routes,
// all without the docs sidebar, and the docs where the config puts them.

import { beforeEach, describe, expect, it } from 'vitest';
import { deployFixture } from '../support/deploy.ts';
import { attributesOf, countElements, readDocument, textOf, textsOf } from '../support/html.ts';
import { get } from '../support/requests.ts';

beforeEach(async () => {
  await deployFixture({ fixture: 'docusaurus-pages' });
});

async function page(route: string): Promise<string> {
  const response = await get(route);
  expect(response.status).toBe(200);
  return response.text();
}

describe('the React page at /', () => {
  it("is served as the build rendered it, with its Layout's title and description in the head", async () => {
    const html = await page('/');
    expect(await textOf(html, 'title')).toBe('Welcome | Pages Fixture');
    expect(await attributesOf(html, 'meta[name="description"]', 'content')).toEqual([
      'The landing page of the pages fixture',
    ]);
    expect(await textOf(html, 'self-island[data-island="src/pages/index.js"] h1.hero__title')).toBe('Pages Fixture');
    expect(await attributesOf(html, '.hero a.button', 'href')).toEqual(['/docs/intro']);
    expect(await textsOf(html, '.row h3')).toEqual(['Easy to use', 'Focus on what matters', 'Powered by React']);
    expect(await textOf(html, 'self-island button')).toBe('Stars: 0');
    expect(await attributesOf(html, '.row svg[role="img"]', 'aria-label')).toEqual(['Easy to use']);
  });

  it('has the navbar and footer but no docs sidebar, and one <main>: its own', async () => {
    const html = await page('/');
    expect(await countElements(html, 'nav.navbar')).toBe(1);
    expect(await countElements(html, 'footer.footer')).toBe(1);
    expect(await countElements(html, 'aside.doc-sidebar')).toBe(0);
    expect(await countElements(html, 'main')).toBe(1);
    expect(await countElements(html, '#__main main')).toBe(1);
    expect(await countElements(html, '.breadcrumbs, .pagination-nav')).toBe(0);
  });

  it('names its chunk for hydration: the page has state', async () => {
    const { boot } = await readDocument(await page('/'));
    expect(boot.page?.layout).toBe('component');
    expect(boot.page?.islandAssets?.['src/pages/index.js']?.script).toMatch(/^\/assets\/island-\d+-index-\w+\.js$/);
  });
});

describe('the Markdown pages and the docs', () => {
  it('serves a Markdown page with its TOC and wrapper class, without the docs sidebar', async () => {
    const html = await page('/about');
    expect(await textOf(html, 'title')).toBe('About us | Pages Fixture');
    expect(await textOf(html, '#__main .markdown h1')).toBe('About us');
    expect(await textsOf(html, '.toc a')).toEqual(['Our story', 'Our values']);
    expect(await countElements(html, '.main-wrapper.about-page')).toBe(1);
    expect(await countElements(html, 'aside.doc-sidebar')).toBe(0);
  });

  it('serves an MDX page with the component it imports', async () => {
    const html = await page('/team');
    expect(await textOf(html, '.team-member strong')).toBe('Ada');
    expect(await countElements(html, '.toc')).toBe(0);
  });

  it('still serves the docs under /docs, with their sidebar, and /docs leads to the first doc', async () => {
    const html = await page('/docs/intro');
    expect(await textOf(html, '#__main h1')).toBe('Introduction');
    expect(await countElements(html, 'aside.doc-sidebar')).toBe(1);
    const root = await get('/docs');
    expect(root.status).toBe(301);
    expect(new URL(root.headers.get('location')!, 'https://x.test').pathname).toBe('/docs/intro');
  });

  it('answers 404 for files that are not routes', async () => {
    expect((await get('/_private')).status).toBe(404);
    expect((await get('/index.test')).status).toBe(404);
  });

  it('gives a Markdown page its .md view', async () => {
    const response = await get('/about.md');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('## Our story');
  });
});
