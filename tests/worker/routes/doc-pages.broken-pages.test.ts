// A dev build (`npm start`) of a site where two pages fail to build: the good page is served as
// usual, and each broken route answers 500 with its problems (file, line, fix) in the site's own
// layout, never a stack trace, and never cached.

import { beforeEach, describe, expect, it } from 'vitest';
import { deployFixture } from '../support/deploy.ts';
import { countElements, readDocument, textOf } from '../support/html.ts';
import { get } from '../support/requests.ts';

beforeEach(async () => {
  await deployFixture({ fixture: 'broken-pages' });
});

describe('a dev build with broken pages', () => {
  it('serves the page that built', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(await textOf(await response.text(), 'main h1')).toBe('Welcome');
  });

  it('answers a broken route with 500 and the problem: file, line and fix', async () => {
    const response = await get('/syntax');
    expect(response.status).toBe(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    const doc = await readDocument(html);
    expect(doc.title).toBe('Build error: Syntax error | Broken Fixture');
    expect(doc.meta.robots).toBe('noindex');
    expect(await textOf(html, 'main h1')).toBe('This page failed to build');
    const problems = await textOf(html, '.build-problems');
    expect(problems).toContain('docs/syntax.mdx:10');
    expect(problems).toContain('closing brace for `{`');
    expect(problems).toContain('Fix: in prose, escape { and } as \\{ and \\}');
    expect(html).not.toMatch(/\bat \S+ \(|node:internal|\.ts:\d+:\d+/);
  });

  it('shows the error inside the site: navbar, the sidebar with the broken page, footer', async () => {
    const html = await (await get('/imports')).text();
    expect(await textOf(html, '.build-problems')).toContain('docs/imports.mdx:6');
    expect(await textOf(html, '.build-problems')).toContain('Could not resolve "./_no-such-partial.mdx"');
    const doc = await readDocument(html);
    expect(doc.boot.status).toBe(500);
    expect(doc.boot.broken?.route).toBe('/imports');
    expect(await countElements(html, 'nav.navbar')).toBe(1);
    expect(await textOf(html, '.doc-sidebar')).toContain('Missing import');
    expect(await countElements(html, 'footer.footer')).toBe(1);
  });

  it('gives client navigation no data for a broken route, so the browser loads the error page itself', async () => {
    const { buildId } = await deployFixture({ fixture: 'broken-pages' });
    expect((await get(`/__data/${buildId}/syntax.json`)).status).toBe(404);
    expect((await get(`/__data/${buildId}/index.json`)).status).toBe(200);
  });
});
