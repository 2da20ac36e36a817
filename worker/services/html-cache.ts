// Rendered pages, kept twice: in this isolate's memory (bounded in bytes, least recently used
// out) and in the edge cache (Cache API), both for `HTML_CACHE_TTL` seconds. A hot page is answered
// from memory with no Cache API round trip; the edge cache shares pages between the isolates of a
// location. Keys name everything the document depends on: the worker version that rendered it, the
// build, the theme variant, the status, the path and the page served there (a rewrite that depends
// on the reader's language, country or query serves different pages at one path). A not-found
// document is the same for every missing path, so its key has no path: it is rendered once per
// build and variant. A deploy of content or of the worker alone changes the key, so neither layer
// ever answers with another build's or another worker's page.

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

/** What a rendered document depends on. */
export interface PageKey {
  /** The worker version that renders it (`workerVersion`). */
  worker: string;
  buildId: string;
  /** Theme variant and announcement bar (doc-pages.ts). */
  variant: string;
  status: number;
  /** The canonical path asked for; '' for a not-found document, which is the same for every path. */
  path: string;
  /** The page's KV hash, when a page is shown (a rewrite shows another route's page at the path). */
  page?: string;
}

/** A URL naming the document in both layers (a string: a hit in memory builds no Request). */
export function htmlCacheKey({ worker, buildId, variant, status, path, page }: PageKey): string {
  const served = page ? `?page=${encodeURIComponent(page)}` : '';
  return `https://html-cache.internal/${encodeURIComponent(worker)}/${buildId}/${variant}/${status}${path}${served}`;
}

/** The ETag of a page: changes with the worker, the build, the variant and the page served at the path. */
export function pageEtag({ worker, buildId, variant, page }: PageKey): string {
  const version = worker.replace(/[^A-Za-z0-9]/g, '');
  return `"${buildId}-${variant}-${version}${page ? `-${page.replace(/[^A-Za-z0-9]/g, '')}` : ''}"`;
}

let isolateVersion: string | undefined;

/**
 * The version of the worker running: on Cloudflare the `version_metadata` binding's id, the same
 * for every isolate of a version and new with every upload (a worker-only deploy too). Miniflare
 * (tests, npm start, the local runner) gives the binding a new id each time it loads the worker.
 * Without the binding, an id of this isolate's own: no page is ever shared with another worker,
 * at the cost of sharing none with this version's other isolates either.
 */
export function workerVersion(metadata: { id?: string } | undefined): string {
  if (metadata?.id) return metadata.id;
  // Drawn on first use: random values may not be drawn at a worker's global scope.
  isolateVersion ??= `isolate-${crypto.randomUUID()}`;
  return isolateVersion;
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
  return remember(key, { status: hit.status, headers: hitHeaders(hit.headers, hit.status), body }, ttl, now);
}

/** Keeps a page just rendered in both layers (the bytes are shared with the reader's answer, never changed). */
export async function storePage(
  key: string,
  body: Uint8Array<ArrayBuffer>,
  init: { status: number; headers: Headers },
  ttl: number,
): Promise<void> {
  remember(key, { status: init.status, headers: hitHeaders(init.headers, init.status), body }, ttl, Date.now());
  await writeEdgeCache(new Request(key), body, init, ttl);
}

/**
 * The stored headers as a hit answers with them: browsers must revalidate a page, never keep a
 * not-found answer, and it says it was a hit.
 */
function hitHeaders(stored: Headers, status: number): [string, string][] {
  const headers = new Headers(stored);
  headers.set('cache-control', status === 200 ? 'public, max-age=0, must-revalidate' : 'no-store');
  headers.set('x-html-cache', 'hit');
  return [...headers];
}

function remember(key: string, page: CachedPage, ttl: number, now: number): CachedPage {
  const headerBytes = page.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  memory.set(key, { ...page, expiresAt: now + ttl * 1000 }, page.body.byteLength + headerBytes);
  return page;
}
