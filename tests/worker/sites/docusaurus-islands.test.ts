// A Docusaurus site whose MDX pages import the site's own React components
// (tests/fixtures/docusaurus-islands): what a reader receives before any script runs, and what
// each page loads of the components' chunks and stylesheets.

import { beforeEach, describe, expect, it } from 'vitest';
import type { PageData } from '../../../client/contract/page.ts';
import { deployFixture } from '../support/deploy.ts';
import { attributesOf, readDocument, textOf } from '../support/html.ts';
import { get } from '../support/requests.ts';

beforeEach(async () => {
  await deployFixture({ fixture: 'docusaurus-islands' });
});

async function page(route: string): Promise<string> {
  const response = await get(route);
  expect(response.status).toBe(200);
  return response.text();
}

const stylesheets = (html: string) => attributesOf(html, 'link[rel="stylesheet"]', 'href');
/** The chunks the page's loader preloads once it is painted (worker/render/inline-scripts.ts). */
const preloads = async (html: string) =>
  (await attributesOf(html, 'script#__start', 'data-preload')).flatMap((list) => (list ?? '').split(' '));

it('links no icon when the config names no favicon, as Docusaurus does (a default would be a 404 on every page)', async () => {
  const html = await page('/docs/counter');
  expect(await attributesOf(html, 'link[rel="icon"]', 'href')).toEqual([]);
});

describe('a component with state (Counter)', () => {
  it("is in the served HTML as the build rendered it, with the page's props", async () => {
    const html = await page('/docs/counter');
    expect(await textOf(html, 'self-island[data-island="src/components/Counter.jsx"] button')).toBe('Presses: 3');
    expect(await attributesOf(html, 'self-island', 'data-props')).toEqual(['{"start":3,"label":"Presses"}']);
    // @docusaurus/Link inside a site component is a plain link.
    expect(await attributesOf(html, 'self-island a', 'href')).toEqual(['/docs/intro']);
  });

  it('names its chunk in the boot data and preloads it; links its CSS module, whose class names match the markup', async () => {
    const html = await page('/docs/counter');
    const { boot } = await readDocument(html);
    const assets = boot.page?.islandAssets?.['src/components/Counter.jsx'];
    expect(assets?.script).toMatch(/^\/assets\/island-\d+-Counter-\w+\.js$/);
    expect(await preloads(html)).toContain(assets!.script);
    expect(assets?.styles).toHaveLength(1);
    expect(await stylesheets(html)).toContain(assets!.styles[0]);
    const [buttonClass] = await attributesOf(html, 'self-island button', 'class');
    expect(buttonClass).toMatch(/^Counter_button_\w+$/);
  });
});

describe('pure components', () => {
  it('render their markup and MDX children with no script: only their stylesheets load', async () => {
    const html = await page('/docs/gallery');
    expect(await textOf(html, '.badge-pill')).toBe('New (Islands)');
    expect(await textOf(html, '.card-box .card-body strong')).toBe('Markdown');
    expect(await attributesOf(html, '.card-box .card-body a', 'href')).toEqual(['/docs/intro']);
    expect(await textOf(html, '.side-note')).toBe('A note beside the docs.');
    expect(await textOf(html, '.markdown p')).toContain('Latest release: 4.2.0. QUIET!');
    // Nothing to hydrate: the boot data names no island, and the browser loads no hydrating code.
    expect((await readDocument(html)).boot.page?.islandAssets).toBeUndefined();
    expect(await stylesheets(html)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/island-\d+-Badge-\w+\.css$/)]),
    );
    // Nothing hydrates here, so the props are not sent.
    expect((await attributesOf(html, 'self-island', 'data-props')).filter(Boolean)).toEqual([]);
  });
});

describe('a page without site components', () => {
  it('loads no island chunk or stylesheet', async () => {
    const html = await page('/docs/intro');
    expect(html).not.toContain('island-');
    expect((await readDocument(html)).boot.page?.islandAssets).toBeUndefined();
  });
});

describe('client-side navigation', () => {
  it("sends a page's island assets with its data, and none with a page that has none", async () => {
    const { boot } = await readDocument(await page('/docs/intro'));
    const data = async (route: string) =>
      (await (await get(`/__data/${boot.buildId}${route}.json`)).json()) as PageData;
    const counter = await data('/docs/counter');
    expect(Object.keys(counter.islandAssets ?? {})).toEqual(['src/components/Counter.jsx']);
    expect(counter.islandAssets?.['src/components/Counter.jsx']?.script).toMatch(/Counter/);
    expect((await data('/docs/intro')).islandAssets).toBeUndefined();
  });
});
