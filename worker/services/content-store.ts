// Reads builds from KV: the live pointer, the manifest (kept in isolate memory) and pages.
// A pointer to a build whose manifest is gone falls back to the previous builds.

import { kvKeys, type Manifest, type PageData } from '../../client/model.ts';

/** Build-prefixed keys never change, so the edge may keep them long. */
const immutableTtl = 60 * 60 * 24;
/** The pointer changes on deploy; KV's shortest edge cache. */
const pointerTtl = 30;
/** How long this isolate trusts the pointer it read. */
const pointerMemoryMs = 10_000;

export class StoreUnavailable extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}

interface Memory {
  pointer?: { buildId: string; readAt: number };
  manifests: Map<string, Manifest>;
}

const memory: Memory = { manifests: new Map() };

/** For tests: forget what this isolate remembers. */
export function forgetStore(): void {
  memory.pointer = undefined;
  memory.manifests.clear();
}

/** The last manifest this isolate served, to render error pages with the site's layout. */
export function lastKnownManifest(): Manifest | undefined {
  return memory.pointer ? memory.manifests.get(memory.pointer.buildId) : undefined;
}

export async function currentManifest(kv: KVNamespace, now = Date.now()): Promise<Manifest> {
  const remembered = memory.pointer;
  if (remembered && now - remembered.readAt < pointerMemoryMs) {
    const manifest = memory.manifests.get(remembered.buildId);
    if (manifest) return manifest;
  }
  const candidates = await buildCandidates(kv);
  for (const buildId of candidates) {
    const manifest = await readManifest(kv, buildId);
    if (manifest) {
      memory.pointer = { buildId, readAt: now };
      return manifest;
    }
    console.warn(`build ${buildId} has no manifest in KV; trying the previous build`);
  }
  throw new StoreUnavailable(
    candidates.length === 0
      ? 'no build has been deployed (build:current is empty)'
      : 'no deployed build has a manifest',
  );
}

async function buildCandidates(kv: KVNamespace): Promise<string[]> {
  const [current, history] = await Promise.all([
    kvGet(kv, kvKeys.current, pointerTtl),
    kvGet(kv, kvKeys.history, pointerTtl),
  ]);
  const previous = parseHistory(history);
  return [...new Set([current, ...previous].filter((id): id is string => Boolean(id)))];
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

async function readManifest(kv: KVNamespace, buildId: string): Promise<Manifest | undefined> {
  const cached = memory.manifests.get(buildId);
  if (cached) return cached;
  const text = await kvGet(kv, kvKeys.manifest(buildId), immutableTtl);
  if (!text) return undefined;
  const manifest = JSON.parse(text) as Manifest;
  memory.manifests.set(buildId, manifest);
  // Keep a few builds: enough for a rollback, bounded for memory.
  if (memory.manifests.size > 3) memory.manifests.delete(memory.manifests.keys().next().value!);
  return manifest;
}

/** The page's JSON as stored (served as-is to client navigation). */
export async function readPageJson(kv: KVNamespace, buildId: string, route: string): Promise<string | null> {
  return kvGet(kv, kvKeys.page(buildId, route), immutableTtl);
}

export async function readPage(kv: KVNamespace, buildId: string, route: string): Promise<PageData | null> {
  const text = await readPageJson(kv, buildId, route);
  return text ? (JSON.parse(text) as PageData) : null;
}

async function kvGet(kv: KVNamespace, key: string, cacheTtl: number): Promise<string | null> {
  try {
    return await kv.get(key, { cacheTtl });
  } catch (error) {
    throw new StoreUnavailable(`KV read of ${key} failed`, error);
  }
}
