// Cached pages and ETags name the worker version that rendered them: after a deploy of the worker
// alone (same build), no page or 304 of the previous worker is served.

import { beforeEach, describe, expect, it } from 'vitest';
import type { Env } from '../../../worker/env.ts';
import { htmlCacheKey, pageEtag, type PageKey } from '../../../worker/services/html-cache.ts';
import { bindings, deployFixture } from '../support/deploy.ts';
import { getSettled } from '../support/requests.ts';

function envOfVersion(id: string): Env {
  return { ...bindings, CF_VERSION_METADATA: { id, tag: '', timestamp: '2026-11-28T00:00:00.000Z' } };
}

const key: PageKey = {
  worker: 'one',
  buildId: 'abcdef123456',
  variant: 'dark',
  status: 200,
  path: '/intro',
  page: 'ff00',
};

describe('the worker version in cache keys and ETags', () => {
  beforeEach(async () => {
    await deployFixture();
  });

  it('gives two worker versions different keys and ETags for the same page of the same build', () => {
    const other = { ...key, worker: 'two' };
    expect(htmlCacheKey(other)).not.toBe(htmlCacheKey(key));
    expect(pageEtag(other)).not.toBe(pageEtag(key));
  });

  it('does not serve a page cached by one worker version to another', async () => {
    const old = envOfVersion('1f0a7c1e-0000-4000-8000-000000000001');
    const next = envOfVersion('2b9d3e4f-0000-4000-8000-000000000002');
    expect((await getSettled('/intro', {}, old)).response.headers.get('x-html-cache')).toBe('miss');
    const cached = await getSettled('/intro', {}, old);
    expect(cached.response.headers.get('x-html-cache')).toBe('hit');

    const fresh = await getSettled('/intro', {}, next);
    expect(fresh.response.headers.get('x-html-cache')).toBe('miss');
    const hit = await getSettled('/intro', {}, next);
    expect(hit.response.headers.get('x-html-cache')).toBe('hit');
    expect(hit.response.headers.get('etag')).not.toBe(cached.response.headers.get('etag'));
  });

  it('answers a browser holding the previous worker’s page with the new page, not 304', async () => {
    const old = envOfVersion('1f0a7c1e-0000-4000-8000-000000000003');
    const next = envOfVersion('2b9d3e4f-0000-4000-8000-000000000004');
    // The cached copy's ETag (a page's first, streamed answer has none).
    await getSettled('/intro', {}, old);
    const etag = (await getSettled('/intro', {}, old)).response.headers.get('etag')!;
    expect((await getSettled('/intro', { headers: { 'if-none-match': etag } }, old)).response.status).toBe(304);
    const { response } = await getSettled('/intro', { headers: { 'if-none-match': etag } }, next);
    expect(response.status).toBe(200);
  });

  it('does not share the not-found document between worker versions either', async () => {
    const old = envOfVersion('1f0a7c1e-0000-4000-8000-000000000005');
    const next = envOfVersion('2b9d3e4f-0000-4000-8000-000000000006');
    await getSettled('/no-such-page', {}, old);
    expect((await getSettled('/another-missing-page', {}, old)).response.headers.get('x-html-cache')).toBe('hit');
    expect((await getSettled('/no-such-page', {}, next)).response.headers.get('x-html-cache')).toBe('miss');
  });
});
