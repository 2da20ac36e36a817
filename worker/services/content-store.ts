// Reads builds from KV: the live pointer, the manifest (kept in isolate memory), routes, pages and
// sidebars (the search index's pieces: worker/services/search/pieces.ts). A pointer to a build
// whose manifest is gone or unreadable falls back to the previous builds. Every failure to read
// is a `StoreUnavailable`, whatever KV threw. Nothing here holds a whole site: the route table is
// read a bucket at a time, and what is kept in memory is bounded in bytes.

import {
  kvKeys,
  routeBucket,
  type Manifest,
  type RouteBucket,
  type RouteTarget,
} from '../../client/contract/storage.ts';
import type { BrokenPage, PageData } from '../../client/contract/page.ts';
import type { SidebarItem } from '../../client/contract/sidebar.ts';
import { ByteCache } from './byte-cache.ts';
import { immutableTtl, parseStored, readStored, readStoredMany, StoreUnavailable } from './kv-reads.ts';
import { SharedReads } from './shared-reads.ts';

/** The pointer changes on deploy; KV's shortest edge cache. */
const pointerTtl = 30;
/** How long this isolate trusts the pointer it read. */
const pointerMemoryMs = 10_000;

interface Memory {
  pointer?: { buildId: string; readAt: number };
  /** Manifests of the builds the pointers named (the live one, or one it fell back to). */
  manifests: Map<string, Manifest>;
  /** The kept builds (`build:history`) as last read, for pages asking for an older build's data. */
  kept?: { current: string | null; buildIds: string[]; readAt: number };
  /**
   * Manifests of older kept builds that a page's data was asked of (a reader still on a page of
   * the build before a deploy). Apart from `manifests`: no URL can push the live one out.
   */
  older: Map<string, Manifest>;
}

/** Builds whose manifests each map holds: enough for a rollback, bounded for memory. */
const manifestsKept = 3;

const memory: Memory = { manifests: new Map(), older: new Map() };
/** Route buckets (a few KB each) and sidebars, parsed; content-addressed, so never stale. */
const buckets = new ByteCache<RouteBucket>(2 * 1024 * 1024);
// A big site's sidebar runs to megabytes of JSON: it must fit, or every page render parses it anew.
// It holds the parts of sidebars stored in parts too (client/contract/sidebar-parts.ts).
const sidebars = new ByteCache<unknown>(8 * 1024 * 1024);
/** Sidebars (or parts) being read, so that two asks of one share a KV read. */
const sidebarsReading = new SharedReads<unknown>();
/** Pages, parsed (content-addressed, so never stale): parsing a long page's tree costs a render of its layout. */
const pages = new ByteCache<PageData>(8 * 1024 * 1024);

/**
 * For tests and benches: forget what this isolate remembers; `pages`, only the pages and sidebars
 * it read (a warm isolate meeting a page it has not read yet).
 */
export function forgetStore(what: 'all' | 'pages' = 'all'): void {
  sidebars.clear();
  // A read another test held and never answered must not hold this one's (search's pieces alike).
  sidebarsReading.clear();
  pages.clear();
  if (what === 'pages') return;
  memory.pointer = undefined;
  memory.manifests.clear();
  memory.kept = undefined;
  memory.older.clear();
  buckets.clear();
}

/**
 * Forget which build the pointer named, so the next request reads it again: the local dev server
 * calls it when it moves the pointer (content-addressed values stay, they cannot be stale).
 */
export function forgetPointer(): void {
  memory.pointer = undefined;
  memory.kept = undefined;
}

/** The last manifest this isolate served, to render error pages with the site's layout. */
export function lastKnownManifest(): Manifest | undefined {
  return memory.pointer ? memory.manifests.get(memory.pointer.buildId) : undefined;
}

/**
 * The live build's manifest. `onPointer` hears the build the pointer names as soon as it is known,
 * before its manifest is read: what depends on the build id alone (the search's edge-cache key)
 * can start meanwhile. The manifest returned may still be a previous build's, if that one's fails.
 */
export async function currentManifest(
  kv: KVNamespace,
  now = Date.now(),
  onPointer?: (buildId: string) => void,
): Promise<Manifest> {
  const remembered = memory.pointer;
  if (remembered && now - remembered.readAt < pointerMemoryMs) {
    const manifest = memory.manifests.get(remembered.buildId);
    if (manifest) return manifest;
  }
  // The live build's manifest alone, as nearly always; the history only when that fails. (Both
  // pointers read together cost every cold isolate a KV read that only a broken deploy needs.)
  const current = await readStored(kv, kvKeys.current, pointerTtl);
  if (current) onPointer?.(current);
  const live = current ? await usableManifest(kv, current) : undefined;
  if (live) return remember(current!, live, now);
  const previous = [...new Set(parseHistory(await readStored(kv, kvKeys.history, pointerTtl)))].filter(
    (id) => id !== current,
  );
  for (const buildId of previous) {
    const manifest = await usableManifest(kv, buildId);
    if (manifest) return remember(buildId, manifest, now);
  }
  throw new StoreUnavailable(
    !current && previous.length === 0
      ? 'no build has been deployed (build:current is empty)'
      : 'no deployed build has a readable manifest',
  );
}

/** A build's manifest, or undefined (said in the log) when it cannot be served from. */
async function usableManifest(kv: KVNamespace, buildId: string): Promise<Manifest | undefined> {
  const found = await readManifest(kv, buildId);
  if ('manifest' in found) return found.manifest;
  console.warn(`skipping build ${buildId}: ${found.problem}; trying the previous build`);
  return undefined;
}

function remember(buildId: string, manifest: Manifest, now: number): Manifest {
  memory.pointer = { buildId, readAt: now };
  return manifest;
}

function parseHistory(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The manifest of a build named in a URL (`/__data/<id>/…`); null when it is not a kept build (the
 * live one or one of `build:history`): any other id costs at most a read of the history, now and
 * then, and never a manifest read.
 */
export async function manifestOf(kv: KVNamespace, buildId: string, now = Date.now()): Promise<Manifest | null> {
  const live = memory.manifests.get(buildId);
  if (live) return live;
  const kept = await keptBuilds(kv, now);
  if (!kept.buildIds.includes(buildId)) return null;
  // The live build's manifest goes where its pages will look for it.
  const found = await readManifest(kv, buildId, buildId === kept.current ? memory.manifests : memory.older);
  return 'manifest' in found ? found.manifest : null;
}

/** The kept builds, newest first: `build:history` and the pointer, re-read as often as the pointer. */
async function keptBuilds(kv: KVNamespace, now: number): Promise<NonNullable<Memory['kept']>> {
  const kept = memory.kept;
  if (kept && now - kept.readAt < pointerMemoryMs) return kept;
  const [current, history] = await Promise.all([
    readStored(kv, kvKeys.current, pointerTtl),
    readStored(kv, kvKeys.history, pointerTtl),
  ]);
  const buildIds = [...(current ? [current] : []), ...parseHistory(history)];
  memory.kept = { current, buildIds, readAt: now };
  return memory.kept;
}

/** A build's manifest, or why it cannot be used (missing, or cut short by an interrupted upload). */
async function readManifest(
  kv: KVNamespace,
  buildId: string,
  into: Map<string, Manifest> = memory.manifests,
): Promise<{ manifest: Manifest } | { problem: string }> {
  const cached = into.get(buildId);
  if (cached) return { manifest: cached };
  const key = kvKeys.manifest(buildId);
  const text = await readStored(kv, key, immutableTtl);
  if (!text) return { problem: 'it has no manifest in KV' };
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch (error) {
    return { problem: `its manifest (${key}) is not valid JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(manifest.routeBuckets) || manifest.routeBuckets.length === 0)
    return { problem: `its manifest (${key}) has no route table: it was written by an older build` };
  into.set(buildId, manifest);
  if (into.size > manifestsKept) into.delete(into.keys().next().value!);
  return { manifest };
}

/** Where a canonical path leads in a build; undefined when it is not a route of that build. */
export async function lookupRoute(kv: KVNamespace, manifest: Manifest, path: string): Promise<RouteTarget | undefined> {
  const hash = manifest.routeBuckets[routeBucket(path, manifest.routeBuckets.length)]!;
  let bucket = buckets.get(hash);
  if (!bucket) {
    const key = kvKeys.routes(hash);
    const text = await readStored(kv, key, immutableTtl);
    if (text === null) throw new StoreUnavailable(`${key} of build ${manifest.buildId} is missing`);
    bucket = parseStored<RouteBucket>(text, key);
    buckets.set(hash, bucket, text.length);
  }
  return Object.hasOwn(bucket, path) ? bucket[path] : undefined;
}

/**
 * The targets of many routes, their buckets read 100 to a bulk read (a request may make 1,000 KV
 * operations, and a bulk read counts as one).
 */
export async function lookupRoutes(
  kv: KVNamespace,
  manifest: Manifest,
  paths: string[],
): Promise<(RouteTarget | undefined)[]> {
  const hashOf = (path: string) => manifest.routeBuckets[routeBucket(path, manifest.routeBuckets.length)]!;
  const wanted = new Map<string, RouteBucket | undefined>();
  for (const path of paths) wanted.set(hashOf(path), buckets.get(hashOf(path)));
  const missing = [...wanted].flatMap(([hash, bucket]) => (bucket ? [] : [kvKeys.routes(hash)]));
  for (const [key, text] of await readStoredMany(kv, missing, immutableTtl)) {
    if (text === null) throw new StoreUnavailable(`${key} of build ${manifest.buildId} is missing`);
    const bucket = parseStored<RouteBucket>(text, key);
    buckets.set(key.slice(kvKeys.routes('').length), bucket, text.length);
    wanted.set(key.slice(kvKeys.routes('').length), bucket);
  }
  return paths.map((path) => {
    const bucket = wanted.get(hashOf(path))!;
    return Object.hasOwn(bucket, path) ? bucket[path] : undefined;
  });
}

/** The page's JSON as stored (served as-is to client navigation). */
export async function readPageJson(kv: KVNamespace, hash: string): Promise<string> {
  const key = kvKeys.page(hash);
  const text = await readStored(kv, key, immutableTtl);
  if (text === null) throw new StoreUnavailable(`${key} is missing`);
  return text;
}

/** A page, parsed and kept (bounded); callers never change it. */
export async function readPage(kv: KVNamespace, hash: string): Promise<PageData> {
  const cached = pages.get(hash);
  if (cached) return cached;
  const text = await readPageJson(kv, hash);
  const page = parseStored<PageData>(text, kvKeys.page(hash));
  // Parsed objects cost a few times their text.
  pages.set(hash, page, text.length * 3);
  return page;
}

/** A page of a dev build that failed to build, with its problems. */
export async function readBrokenPage(kv: KVNamespace, hash: string): Promise<BrokenPage> {
  const key = kvKeys.broken(hash);
  const text = await readStored(kv, key, immutableTtl);
  if (text === null) throw new StoreUnavailable(`${key} is missing`);
  return parseStored<BrokenPage>(text, key);
}

/** A sidebar's data as stored (its file for the browser); null when no build has it. */
export async function readSidebarJson(kv: KVNamespace, hash: string): Promise<string | null> {
  return readStored(kv, kvKeys.sidebar(hash), immutableTtl);
}

/** A sidebar of a build, parsed and kept (bounded) for the pages that render it. */
export async function readSidebar(kv: KVNamespace, hash: string): Promise<SidebarItem[]> {
  return (await readSidebarPart(kv, hash)) as SidebarItem[];
}

/**
 * A sidebar, or a part of one stored in parts, parsed and kept (bounded). Asked again while it is
 * being read (a page's route reads its likely sidebar beside the page), it is read once.
 */
export function readSidebarPart(kv: KVNamespace, hash: string): Promise<unknown> {
  const cached = sidebars.get(hash);
  if (cached) return Promise.resolve(cached);
  return sidebarsReading.read(hash, () => readSidebarFromKv(kv, hash));
}

async function readSidebarFromKv(kv: KVNamespace, hash: string): Promise<unknown> {
  const text = await readSidebarJson(kv, hash);
  if (text === null) throw new StoreUnavailable(`${kvKeys.sidebar(hash)} is missing`);
  const value = parseStored<unknown>(text, kvKeys.sidebar(hash));
  // Parsed objects cost a few times their text.
  sidebars.set(hash, value, text.length * 3);
  return value;
}
