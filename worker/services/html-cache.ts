// Rendered pages, kept twice: in this isolate's memory (bounded in bytes, least recently used
// out) and in the edge cache (Cache API), both keyed by build, theme variant and path and both
// for `HTML_CACHE_TTL` seconds. A hot page is answered from memory with no Cache API round trip;
// the edge cache shares pages between the isolates of a location. A deploy changes the build id,
// so neither layer ever answers with another build's page.

import { ByteCache } from './byte-cache.ts';
import { readEdgeCache, writeEdgeCache } from './edge-cache.ts';

export interface CachedPage {
  status: number;
  /** The headers to answer with: the page's own, marked as a hit that browsers must revalidate. */
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

interface Remembered extends CachedPage {
  /** Date.now() after which the entry is no longer served. */
  expiresAt: number;
}

/** About 60 pages of 140 KB: the hot pages of a site, a small part of the isolate's 128 MB. */
const memoryBytes = 8 * 1024 * 1024;
const memory = new ByteCache<Remembered>(memoryBytes);

/** A URL naming the page in both layers (a string: a hit in memory builds no Request). */
export function htmlCacheKey(buildId: string, variant: string, path: string): string {
  return `https://html-cache.internal/${buildId}/${variant}${path}`;
}

/** For tests: forget the pages this isolate holds (the edge cache keeps its own). */
export function forgetPages(limit = memoryBytes): void {
  memory.clear(limit);
}

/** The page from memory, else from the edge cache (then kept in memory); undefined when neither has it. */
export async function readCachedPage(key: string, ttl: number, now = Date.now()): Promise<CachedPage | undefined> {
  const remembered = memory.get(key);
  if (remembered && remembered.expiresAt > now) return remembered;
  if (remembered) memory.delete(key);
  const hit = await readEdgeCache(new Request(key));
  if (!hit) return undefined;
  const body = new Uint8Array(await hit.arrayBuffer());
  return remember(key, { status: hit.status, headers: hitHeaders(hit.headers), body }, ttl, now);
}

/** Keeps a page just rendered in both layers (the bytes are shared with the reader's answer, never changed). */
export async function storePage(
  key: string,
  body: Uint8Array<ArrayBuffer>,
  init: { status: number; headers: Headers },
  ttl: number,
): Promise<void> {
  remember(key, { status: init.status, headers: hitHeaders(init.headers), body }, ttl, Date.now());
  await writeEdgeCache(new Request(key), body, init, ttl);
}

/** The stored headers as a hit answers with them: browsers must revalidate, and it says it was a hit. */
function hitHeaders(stored: Headers): [string, string][] {
  const headers = new Headers(stored);
  headers.set('cache-control', 'public, max-age=0, must-revalidate');
  headers.set('x-html-cache', 'hit');
  return [...headers];
}

function remember(key: string, page: CachedPage, ttl: number, now: number): CachedPage {
  const headerBytes = page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  memory.set(key, { ...page, expiresAt: now + ttl * 1000 }, page.body.byteLength + headerBytes);
  return page;
}
