// Doc pages of the fixture site as a reader and a crawler receive them.

import { beforeEach, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../client/contract/storage.ts';
import { bindings, deployFixture, fixtureManifest, fixturePages, type DeployedBuild } from '../support/deploy.ts';
import { lazyLayoutScript } from '../../../worker/render/inline-scripts.ts';
import { attributesOf, countElements, readDocument, textOf } from '../support/html.ts';
import { get } from '../support/requests.ts';

const manifest = fixtureManifest();
const pages = fixturePages();
const routes = Object.keys(pages).sort();

/** A sentence from each fixture page's body, to prove the content itself was streamed. */
const contentOf: Record<string, string> = {
  '/intro': 'Tips render as admonitions.',
  '/guides/setup': 'You need Node.',
  '/guides/advanced-topics': 'npm install',
  '/reference/api': 'returns a thing.',
  '/standalone': 'This page is not in the sidebar.',
  '/components': 'Read the introduction first.',
  '/guides/preview': 'zanzibar is a word only this page has.',
};
/** Unlisted pages are kept from search engines: see unlisted-pages.test.ts. */
const listed = routes.filter((route) => route !== '/guides/preview');

let build: DeployedBuild;
beforeEach(async () => {
  build = await deployFixture();
});

describe('doc pages', () => {
  it('serves every page of the fixture, and only those', () => {
    expect(routes).toEqual(Object.keys(contentOf).sort());
  });

  it.each(listed)('serves %s as a 200 HTML page with its title, description and canonical URL', async (route) => {
    const response = await get(route);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const doc = await readDocument(await response.text());
    const entry = pages[route]!;
    const description = entry.description || manifest.site.tagline;
    expect(doc.title).toBe(`${entry.title} | Fixture Docs`);
    expect(doc.meta.description).toBe(description);
    expect(doc.canonical).toBe(`https://docs.example.test${route}`);
    expect(doc.meta['og:title']).toBe(`${entry.title} | Fixture Docs`);
    expect(doc.meta['og:description']).toBe(description);
    expect(doc.meta['og:url']).toBe(`https://docs.example.test${route}`);
    expect(doc.meta.robots).toBeUndefined();
  });

  it.each(routes)('streams the content of %s once, and the boot data to hydrate the rest', async (route) => {
    const html = await (await get(route)).text();
    const doc = await readDocument(html);
    expect(await textOf(html, 'main .markdown')).toContain(contentOf[route]);
    expect(doc.boot.status).toBe(200);
    expect(doc.boot.buildId).toBe(build.buildId);
    // Only what the layout needs: the page itself is in the HTML once, not again as data.
    expect(doc.boot.page).toMatchObject({ route, title: build.page(route).title });
    expect(doc.boot.page).not.toHaveProperty('tree');
    expect(doc.boot.page).not.toHaveProperty('toc');
    // A page carries itself and its own sidebar, never the site's route list.
    expect(doc.boot).not.toHaveProperty('routes');
    expect(doc.boot.sidebar?.id).toBe(build.page(route).sidebar);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('uses the description given in the frontmatter and the keywords', async () => {
    const doc = await readDocument(await (await get('/intro')).text());
    expect(doc.meta.description).toBe('The first page of the fixture site.');
    expect(doc.meta.keywords).toBe('fixture, intro');
  });

  it('describes a page without a front-matter description by its first words, as Docusaurus does, else by the tagline', async () => {
    // The page's first text is its `## Choose` heading, which Docusaurus's excerpt keeps.
    const doc = await readDocument(await (await get('/guides/advanced-topics')).text());
    expect(doc.meta.description).toBe('Choose');
    const missing = await readDocument(await (await get('/no-such-page')).text());
    expect(missing.meta.description).toBe('A small site for tests');
  });

  it('shows the sidebar for a page that is in one, and none for a page outside every sidebar', async () => {
    const inSidebar = await (await get('/intro')).text();
    expect(await countElements(inSidebar, 'aside.doc-sidebar')).toBe(1);
    expect(await textOf(inSidebar, 'aside.doc-sidebar')).toContain('Start here');
    const standalone = await (await get('/standalone')).text();
    expect(await countElements(standalone, 'aside.doc-sidebar')).toBe(0);
  });

  it('renders the page inside the layout: navbar, main content and footer', async () => {
    const html = await (await get('/reference/api')).text();
    expect(await countElements(html, 'nav.navbar')).toBe(1);
    expect(await countElements(html, 'main#__main')).toBe(1);
    expect(await countElements(html, 'footer.footer')).toBe(1);
    expect(await textOf(html, 'footer')).toContain('© Fixture');
  });

  it('starts the hashed client entry after the first paint, from a script the CSP allows by hash', async () => {
    const response = await get('/intro');
    const html = await response.text();
    // No script is fetched by the parser: the loader requests the entry once the page is painted.
    expect(await countElements(html, 'script[src], link[rel="modulepreload"]')).toBe(0);
    expect(await attributesOf(html, 'script#__start', 'data-src')).toEqual([manifest.assets.script]);
    const loader = html.match(/<script id="__start"[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? '';
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(loader));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('turns on lazy layout from a head script before any linked stylesheet, which the CSP allows by hash', async () => {
    const response = await get('/intro');
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const script = `<script>${lazyLayoutScript}</script>`;
    expect(head).toContain(script);
    // A linked stylesheet before it would hold it, and the parser, until that stylesheet arrives.
    expect(head.indexOf(script)).toBeLessThan(head.search(/<link rel="stylesheet"|$/));
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(lazyLayoutScript));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('serves a build made before the inline stylesheet as its own browser code expects it', async () => {
    // A rollback can make such a build live again under this worker: its client links its stylesheet
    // and renders the whole page from the boot data.
    const assets = { script: '/assets/main-OLD.js', modulePreloads: [], styles: ['/assets/main-OLD.css'] };
    await bindings.CONTENT.put(kvKeys.manifest(build.buildId), JSON.stringify({ ...build.manifest, assets }));
    const html = await (await get('/intro')).text();
    expect(await countElements(html, 'link[rel="stylesheet"][href="/assets/main-OLD.css"]')).toBe(1);
    expect((await readDocument(html)).boot.page).toEqual(build.page('/intro'));
  });

  it('serves a build made before style groups with its whole stylesheet inline', async () => {
    // A rollback can make such a build live again: its browser code neither links groups nor renders the first page.
    const { styleGroups: _groups, ...assets } = { ...build.manifest.assets, inlineStyle: '.whole-sheet{color:red}' };
    await bindings.CONTENT.put(kvKeys.manifest(build.buildId), JSON.stringify({ ...build.manifest, assets }));
    const html = await (await get('/intro')).text();
    expect(html).toContain('<style>.whole-sheet{color:red}</style>');
    expect(await countElements(html, 'style[data-style]')).toBe(0);
    expect((await readDocument(html)).boot.page).not.toHaveProperty('tree');
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await get('/intro', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('');
  });
});

describe('the home page of a site whose docs start at /', () => {
  it('serves / with the home page and its data', async () => {
    const home = await deployFixture({ fixture: 'home-site' });
    const response = await get('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    const doc = await readDocument(html);
    expect(doc.boot.page).toMatchObject({ route: '/', title: home.page('/').title });
    expect(doc.title).toContain('Welcome home');
    expect(doc.canonical).toBe('https://home.example.test/');
    expect(await textOf(html, 'main .markdown')).toContain('The documentation starts here.');
  });
});
