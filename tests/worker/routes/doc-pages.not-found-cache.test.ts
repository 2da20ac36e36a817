// The not-found document is rendered once per build and variant and reused at every missing path,
// so random paths cost a cache read, not a render. Readers still get status 404, a document their
// browser never keeps, and the same page as a fresh render.

import { describe, expect, it } from 'vitest';
import { kvKeys } from '../../../client/contract/storage.ts';
import { sidebarRenderLimit } from '../../../worker/render/sidebar-view.ts';
import { forgetStore } from '../../../worker/services/content-store.ts';
import { bindings, deployFixture } from '../support/deploy.ts';
import { readDocument, textOf } from '../support/html.ts';
import { getSettled } from '../support/requests.ts';

describe('the not-found document', () => {
  it('is rendered for the first missing path and served from the cache at the next ones', async () => {
    await deployFixture();
    const first = await getSettled('/no-such-page');
    expect(first.response.status).toBe(404);
    expect(first.response.headers.get('x-html-cache')).toBe('miss');
    for (const path of ['/another/missing/page', '/intro/extra', '/x%40y']) {
      const { response, body } = await getSettled(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('x-html-cache'), path).toBe('hit');
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('etag'), path).toBeNull();
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(body, path).toBe(first.body);
      expect(await textOf(body, 'main h1')).toBe('Page Not Found');
    }
    // Nothing in it names the path that was asked for.
    expect(first.body).not.toContain('no-such-page');
  });

  it('serves the same document from the cache as a fresh render gives at that path', async () => {
    await deployFixture();
    await getSettled('/first-missing-page');
    const cached = await getSettled('/second-missing-page');
    expect(cached.response.headers.get('x-html-cache')).toBe('hit');
    // Rendered anew: no cache read or written.
    const fresh = await getSettled('/second-missing-page', {}, { ...bindings, HTML_CACHE_TTL: '0' });
    expect(fresh.response.headers.get('x-html-cache')).toBe('miss');
    expect(cached.body).toBe(fresh.body);
  });

  it('keeps one per theme variant and announcement bar', async () => {
    await deployFixture();
    await getSettled('/missing-a', { cookie: 'theme=light' });
    const dark = await getSettled('/missing-b', { cookie: 'theme=dark' });
    expect(dark.response.headers.get('x-html-cache')).toBe('miss');
    expect((await readDocument(dark.body)).theme).toBe('dark');
    const light = await getSettled('/missing-c', { cookie: 'theme=light' });
    expect(light.response.headers.get('x-html-cache')).toBe('hit');
    expect((await readDocument(light.body)).theme).toBe('light');
  });

  it('opens a large sidebar for no path, and still lets the browser complete it', async () => {
    // The site's main sidebar, offered on a missing page, is one too large to render whole.
    const build = await deployFixture({ fixture: 'large-site' });
    const manifest = { ...build.manifest, defaultSidebar: 'reference' };
    expect(manifest.sidebars.reference!.size).toBeGreaterThan(sidebarRenderLimit);
    await bindings.CONTENT.put(kvKeys.manifest(build.buildId), JSON.stringify(manifest));
    forgetStore();
    const first = await getSettled('/missing-one');
    const doc = await readDocument(first.body);
    expect(doc.boot.sidebar?.prunedFor).toBe('');
    const second = await getSettled('/missing-two');
    expect(second.response.headers.get('x-html-cache')).toBe('hit');
    expect(second.body).toBe(first.body);
  });

  it('caches a section’s own not-found page (a 404 rule) once for every path it answers', async () => {
    await deployFixture({ fixture: 'docusaurus-redirects' });
    const first = await getSettled('/docs/guides/missing-one');
    expect(first.response.status).toBe(404);
    expect(first.response.headers.get('x-html-cache')).toBe('miss');
    const second = await getSettled('/docs/guides/missing-two');
    expect(second.response.status).toBe(404);
    expect(second.response.headers.get('x-html-cache')).toBe('hit');
    expect(second.response.headers.get('cache-control')).toBe('no-store');
    expect(second.body).toBe(first.body);
    // Another rule's page is another document.
    const elsewhere = await getSettled('/elsewhere/missing');
    expect(elsewhere.response.status).toBe(404);
    expect(await textOf(elsewhere.body, 'main h1')).not.toBe(await textOf(first.body, 'main h1'));
  });
});
