// Step "compile": links become routes and local images get hashed URLs, checked at build time.

import { beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../../client/contract/page.ts';
import { buildSite, page, writeSite } from '../support/sites.ts';
import { byTag, hrefOf } from '../support/tree.ts';

let links: PageData;
let setup: PageData;

beforeAll(async () => {
  const result = await buildSite('tests/fixtures/markdown-features');
  expect(result.warnings).toEqual([]);
  links = result.pages.find((p) => p.route === '/links')!;
  setup = result.pages.find((p) => p.route === '/guides/setup')!;
});

describe('links', () => {
  it('resolves a relative .md link to the route of that page', () => {
    expect(hrefOf(links.tree, 'setup')).toBe('/guides/setup');
    expect(hrefOf(setup.tree, 'links')).toBe('/links');
  });

  it('keeps the #hash of a .md link', () => {
    expect(hrefOf(links.tree, 'requirements')).toBe('/guides/setup#requirements');
  });

  it('resolves a .md link from the docs root, and an index.md to its folder route', () => {
    expect(hrefOf(links.tree, 'index of guides')).toBe('/guides');
  });

  it('resolves a link to an .mdx file', () => {
    expect(hrefOf(links.tree, 'code')).toBe('/code');
  });

  it('keeps links to routes, with their hash', () => {
    expect(hrefOf(links.tree, 'the code page')).toBe('/code');
    expect(hrefOf(links.tree, 'with hash')).toBe('/code#a-code-block');
  });

  it('leaves outside links, mail links and same-page anchors as written', () => {
    expect(hrefOf(links.tree, 'example')).toBe('https://example.test/page');
    expect(hrefOf(links.tree, 'mail')).toBe('mailto:x@example.test');
    expect(hrefOf(links.tree, 'top')).toBe('#top');
  });

  it('accepts a link to a file under static/', () => {
    expect(hrefOf(links.tree, 'download')).toBe('/files/guide.txt');
  });

  it('resolves a .md link written from the site folder, and one with an encoded space, as Docusaurus does', async () => {
    const siteDir = await writeSite({
      'docs/intro.md': page('Intro', 'See [the guide](/docs/guides/setup.md) and [the notes](release%20notes.md).'),
      'docs/guides/setup.md': page('Setup', 'Here.'),
      'docs/release notes.md': page('Notes', 'Here.'),
    });
    const result = await buildSite(siteDir);
    expect(result.warnings.map((warning) => warning.problem)).toEqual([]);
    const intro = result.pages.find((p) => p.route === '/intro')!;
    expect(hrefOf(intro.tree, 'the guide')).toBe('/guides/setup');
    expect(hrefOf(intro.tree, 'the notes')).toBe('/release notes');
  });

  it('resolves a relative route link the way the browser does from the page URL', async () => {
    // The site serves /a/b (no trailing slash): a browser resolves `sibling` there to /a/sibling.
    const siteDir = await writeSite({
      'docs/a/b.md': page('B', 'Go to [the sibling](sibling).'),
      'docs/a/sibling.md': page('Sibling', 'Here.'),
    });
    const result = await buildSite(siteDir);
    const b = result.pages.find((p) => p.route === '/a/b')!;
    expect(hrefOf(b.tree, 'the sibling')).toBe('/a/sibling');
  });
});

describe('images', () => {
  const srcOf = (alt: string) => byTag(links.tree, 'img').find((img) => img.p?.alt === alt)?.p?.src;

  it('gives a relative image a content-hashed URL under /assets/media', () => {
    expect(srcOf('A relative picture')).toMatch(/^\/assets\/media\/picture-[0-9a-f]{10}\.svg$/);
  });

  it('serves an image from static/ at its own path', () => {
    expect(srcOf('A static logo')).toBe('/img/logo.svg');
  });

  it('leaves outside images as written', () => {
    expect(srcOf('An outside picture')).toBe('https://example.test/a.png');
  });
});
