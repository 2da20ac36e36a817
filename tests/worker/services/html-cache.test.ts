// Rendered pages in the edge cache and browser revalidation with ETags. Requests go straight
// to the handler and wait for its background cache write, so "the second request" really
// comes after the first one was stored.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPages, htmlCacheKey, readCachedPage, storePage } from '../../../worker/services/html-cache.ts';
import { bindings, deployFixture, type DeployedBuild } from '../support/deploy.ts';
import { countElements, readDocument } from '../support/html.ts';
import { getSettled, type RequestOptions } from '../support/requests.ts';

let build: DeployedBuild;
beforeEach(async () => {
  build = await deployFixture();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The Cache API of the location, made to fail (`reject`) or to hold nothing (`empty`) from now on. */
function edgeCacheWill(behaviour: 'reject' | 'empty') {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const edge = (caches as unknown as { default: Cache }).default;
  return vi
    .spyOn(edge, 'match')
    .mockImplementation(() =>
      behaviour === 'reject' ? Promise.reject(new Error('cache unavailable')) : Promise.resolve(undefined),
    );
}

/** The ETag a page is revalidated with: the cached copy's (a page's first, streamed answer has none). */
async function cachedEtag(path: string, options: RequestOptions = {}): Promise<string | null> {
  await getSettled(path, options);
  const hit = await getSettled(path, options);
  expect(hit.response.headers.get('x-html-cache')).toBe('hit');
  return hit.response.headers.get('etag');
}

function htmlBytes(html: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(html);
}

describe('edge cache of rendered pages', () => {
  it('renders a page on the first request and serves the second identical one from the edge cache', async () => {
    const first = await getSettled('/intro');
    expect(first.response.headers.get('x-html-cache')).toBe('miss');
    const second = await getSettled('/intro');
    expect(second.response.status).toBe(200);
    expect(second.response.headers.get('x-html-cache')).toBe('hit');
    expect(second.body).toBe(first.body);
  });

  it('lets browsers keep a cached page only if they revalidate it', async () => {
    const miss = await getSettled('/intro');
    expect(miss.response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // The first answer is streamed (routes/doc-pages.ts): it has no ETag, the cached whole copy has.
    expect(miss.response.headers.get('etag')).toBeNull();
    const hit = await getSettled('/intro');
    expect(hit.response.headers.get('x-html-cache')).toBe('hit');
    expect(hit.response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(hit.response.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(hit.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('keeps a separate entry per theme: a cached light page is never served to a dark reader', async () => {
    await getSettled('/intro', { cookie: 'theme=light' });
    const light = await getSettled('/intro', { cookie: 'theme=light' });
    expect(light.response.headers.get('x-html-cache')).toBe('hit');
    expect((await readDocument(light.body)).theme).toBe('light');

    const dark = await getSettled('/intro', { cookie: 'theme=dark' });
    expect(dark.response.headers.get('x-html-cache')).toBe('miss');
    expect((await readDocument(dark.body)).theme).toBe('dark');
    const defaultReader = await getSettled('/intro');
    expect((await readDocument(defaultReader.body)).theme).toBe('dark');
  });

  it('keeps system readers with different client hints apart', async () => {
    await getSettled('/intro', { cookie: 'theme=system', headers: { 'Sec-CH-Prefers-Color-Scheme': 'light' } });
    const dark = await getSettled('/intro', {
      cookie: 'theme=system',
      headers: { 'Sec-CH-Prefers-Color-Scheme': 'dark' },
    });
    expect(dark.response.headers.get('x-html-cache')).toBe('miss');
    expect((await readDocument(dark.body)).theme).toBe('dark');
    const noHint = await getSettled('/intro', { cookie: 'theme=system' });
    expect(noHint.response.headers.get('x-html-cache')).toBe('miss');
    const scripts = (await readDocument(noHint.body)).inlineScripts;
    expect(scripts.filter((script) => script.includes('prefers-color-scheme'))).toHaveLength(1);
  });

  it('keeps a separate entry, in the web font, for readers whose browser has the font', async () => {
    await getSettled('/intro');
    const withFont = await getSettled('/intro', { cookie: 'web-font=1' });
    expect(withFont.response.headers.get('x-html-cache')).toBe('miss');
    expect(await countElements(withFont.body, 'html.web-font')).toBe(1);
    const again = await getSettled('/intro');
    expect(again.response.headers.get('x-html-cache')).toBe('hit');
    expect(await countElements(again.body, 'html.web-font')).toBe(0);
  });

  it('keeps a separate entry for readers who dismissed the announcement', async () => {
    await getSettled('/intro');
    const dismissed = await getSettled('/intro', { cookie: 'announcement-dismissed=fixture-bar-1' });
    expect(dismissed.response.headers.get('x-html-cache')).toBe('miss');
    expect(await countElements(dismissed.body, '.announcement-bar')).toBe(0);
    const again = await getSettled('/intro');
    expect(again.response.headers.get('x-html-cache')).toBe('hit');
    expect(await countElements(again.body, '.announcement-bar')).toBe(1);
  });

  it('keeps pages apart: a cached page is never served for another path', async () => {
    await getSettled('/intro');
    const api = await getSettled('/reference/api');
    expect(api.response.headers.get('x-html-cache')).toBe('miss');
    expect((await readDocument(api.body)).boot.page?.route).toBe('/reference/api');
  });

  it('serves the new build right after a deploy, not the cached page of the previous one', async () => {
    await getSettled('/intro');
    const next = await deployFixture();
    const response = await getSettled('/intro');
    expect(response.response.headers.get('x-html-cache')).toBe('miss');
    expect((await readDocument(response.body)).boot.buildId).toBe(next.buildId);
    expect(next.buildId).not.toBe(build.buildId);
  });

  it('caches the 404 page for the server only: browsers never keep it', async () => {
    await getSettled('/nowhere');
    const second = await getSettled('/nowhere');
    expect(second.response.status).toBe(404);
    expect(second.response.headers.get('x-html-cache')).toBe('hit');
    expect(second.response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('hot pages in isolate memory', () => {
  it('answers a page it served a moment ago from memory, even while the edge cache fails', async () => {
    const first = await getSettled('/intro');
    expect(first.response.headers.get('x-html-cache')).toBe('miss');
    const match = edgeCacheWill('reject');
    const second = await getSettled('/intro');
    expect(second.response.headers.get('x-html-cache')).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.response.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(match).not.toHaveBeenCalled();
  });

  it('keeps a page from the edge cache in memory, so the next reader needs no Cache API round trip', async () => {
    await getSettled('/intro');
    forgetPages(); // As in another isolate of the same location: only the edge cache has the page.
    expect((await getSettled('/intro')).response.headers.get('x-html-cache')).toBe('hit');
    const match = edgeCacheWill('reject');
    expect((await getSettled('/intro')).response.headers.get('x-html-cache')).toBe('hit');
    expect(match).not.toHaveBeenCalled();
  });

  it('stops answering from memory once HTML_CACHE_TTL seconds have passed', async () => {
    const key = htmlCacheKey({
      worker: 'test',
      buildId: build.buildId,
      variant: 'dark',
      status: 200,
      path: '/ttl-probe',
    });
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
    await storePage(key, htmlBytes('<p>kept</p>'), { status: 200, headers }, 60);
    edgeCacheWill('empty');
    const within = await readCachedPage(key, 60, Date.now() + 59_000);
    expect(new TextDecoder().decode(within?.body)).toBe('<p>kept</p>');
    expect(await readCachedPage(key, 60, Date.now() + 61_000)).toBeUndefined();
  });

  it('holds no more than its byte budget: the page read least recently leaves first', async () => {
    forgetPages(3000);
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
    const keys = ['/a', '/b', '/c'].map((path) =>
      htmlCacheKey({ worker: 'test', buildId: build.buildId, variant: 'dark', status: 200, path }),
    );
    await storePage(keys[0]!, htmlBytes('a'.repeat(1200)), { status: 200, headers }, 300);
    await storePage(keys[1]!, htmlBytes('b'.repeat(1200)), { status: 200, headers }, 300);
    edgeCacheWill('empty');
    expect(await readCachedPage(keys[0]!, 300)).toBeDefined(); // Now /b is the least recently used.
    await storePage(keys[2]!, htmlBytes('c'.repeat(1200)), { status: 200, headers }, 300);
    expect(await readCachedPage(keys[1]!, 300)).toBeUndefined();
    expect(await readCachedPage(keys[0]!, 300)).toBeDefined();
    expect(await readCachedPage(keys[2]!, 300)).toBeDefined();
  });

  it('renders every request anew with HTML_CACHE_TTL=0, whatever the caches hold', async () => {
    await getSettled('/intro');
    const uncached = { ...bindings, HTML_CACHE_TTL: '0' };
    for (let request = 0; request < 2; request += 1) {
      const { response } = await getSettled('/intro', {}, uncached);
      expect(response.headers.get('x-html-cache')).toBe('miss');
    }
  });
});

describe('revalidation with ETags', () => {
  it('answers 304 without a body when the browser sends the current ETag', async () => {
    const etag = await cachedEtag('/intro');
    expect(etag).toMatch(/^"[^"]+"$/);
    const revalidated = await getSettled('/intro', { headers: { 'If-None-Match': etag! } });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.response.headers.get('etag')).toBe(etag);
  });

  it('answers 304 to the weak form of the ETag, as browsers send it after the CDN compressed the page', async () => {
    const etag = await cachedEtag('/intro');
    const revalidated = await getSettled('/intro', { headers: { 'If-None-Match': `W/${etag}` } });
    expect(revalidated.response.status).toBe(304);
  });

  it('answers 304 when the current ETag is one of several the browser sends', async () => {
    const etag = await cachedEtag('/intro');
    const revalidated = await getSettled('/intro', {
      headers: { 'If-None-Match': `"some-older-build-dark", ${etag}` },
    });
    expect(revalidated.response.status).toBe(304);
  });

  it('repeats the caching headers of the page on a 304, so the browser keeps revalidating', async () => {
    await getSettled('/intro');
    const first = await getSettled('/intro');
    const revalidated = await getSettled('/intro', {
      headers: { 'If-None-Match': first.response.headers.get('etag')! },
    });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.response.headers.get('cache-control')).toBe(first.response.headers.get('cache-control'));
    expect(revalidated.response.headers.get('vary')).toBe(first.response.headers.get('vary'));
  });

  it('gives each theme its own ETag, so a 304 never keeps the wrong theme', async () => {
    const light = await cachedEtag('/intro', { cookie: 'theme=light' });
    const dark = await cachedEtag('/intro', { cookie: 'theme=dark' });
    expect(light).not.toBe(dark);
    const switched = await getSettled('/intro', { cookie: 'theme=dark', headers: { 'If-None-Match': light! } });
    expect(switched.response.status).toBe(200);
    expect((await readDocument(switched.body)).theme).toBe('dark');
  });

  it('sends the full page after a deploy to a browser holding the previous build ETag', async () => {
    const old = await cachedEtag('/intro');
    await deployFixture();
    const response = await getSettled('/intro', { headers: { 'If-None-Match': old! } });
    expect(response.response.status).toBe(200);
    expect(response.body).toContain('Tips render as admonitions.');
  });

  it('answers 404, not 304, for an unknown path whatever ETag is sent', async () => {
    const etag = await cachedEtag('/intro');
    const response = await getSettled('/nowhere', { headers: { 'If-None-Match': etag! } });
    expect(response.response.status).toBe(404);
  });
});
