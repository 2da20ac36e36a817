// Canonical and social URLs come from the site's configured `url`, never from the `Host` a request
// names: anyone can send a request for evil.example to the worker's address.

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { kvKeys } from '../../../client/contract/storage.ts';
import worker from '../../../worker/index.ts';
import { forgetStore } from '../../../worker/services/content-store.ts';
import { forgetPages } from '../../../worker/services/html-cache.ts';
import { bindings, deployFixture, failingKv, type DeployedBuild } from '../support/deploy.ts';
import { readDocument } from '../support/html.ts';

/** A request for `path` on evil.example, as the worker sees one whose `Host` names that site. */
async function fromEvilHost(path: string, env = bindings): Promise<{ status: number; body: string }> {
  const ctx = createExecutionContext();
  const request = new Request(`https://evil.example${path}`, { headers: { host: 'evil.example' } });
  const response = await worker.fetch(request, env, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, body };
}

let build: DeployedBuild;
beforeEach(async () => {
  build = await deployFixture();
});

describe('URLs written into pages', () => {
  it.each([
    ['a missing page', '/no-such-page', 404],
    ['the search page', '/search?q=setup', 200],
    ['a doc page', '/intro', 200],
  ])('never writes the request’s Host into %s', async (_, path, status) => {
    const { status: answered, body } = await fromEvilHost(path);
    expect(answered).toBe(status);
    expect(body).not.toContain('evil.example');
  });

  it('gives the search page the site’s own /search as its social URL', async () => {
    const doc = await readDocument((await fromEvilHost('/search?q=setup')).body);
    expect(doc.meta['og:url']).toBe(new URL('/search', build.manifest.site.url).href);
  });

  it('gives a missing page no canonical or social URL, since no page is there', async () => {
    const doc = await readDocument((await fromEvilHost('/no-such-page')).body);
    expect(doc.canonical).toBeNull();
    expect(doc.meta['og:url']).toBeUndefined();
  });

  it('never writes the Host into the unavailable page either', async () => {
    // The isolate knows the site's layout from an earlier request; then KV fails, and the
    // pointer it remembered is too old to trust.
    await fromEvilHost('/intro');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);
    const { status, body } = await fromEvilHost('/guides/setup', { ...bindings, CONTENT: failingKv() });
    vi.restoreAllMocks();
    expect(status).toBe(503);
    expect(body).not.toContain('evil.example');
  });

  it('leaves canonical and og:url out on a site with no url, rather than use the Host', async () => {
    await bindings.CONTENT.put(
      kvKeys.manifest(build.buildId),
      JSON.stringify({ ...build.manifest, site: { ...build.manifest.site, url: '' } }),
    );
    forgetStore();
    forgetPages();
    for (const path of ['/intro', '/no-such-page', '/search?q=setup']) {
      const { body } = await fromEvilHost(path);
      expect(body, path).not.toContain('evil.example');
      const doc = await readDocument(body);
      expect(doc.canonical, path).toBeNull();
      expect(doc.meta['og:url'], path).toBeUndefined();
    }
  });
});
