// What a build needs besides its content keys, kept in KV so that every deploy finds it, from any
// machine: its hashed client assets (each upload of static assets replaces the whole set, so the
// next deploy must upload the kept builds' files again) and the worker version that served it
// (what a rollback brings back).
//
// Per build, `b:<id>:deploy` records them (it goes with the build's other `b:<id>:` keys; its list
// of assets is stored as build-records.ts says). Asset
// files are stored by the hash of their bytes, so a file several builds share is stored once, as
// base64 text in parts under KV's value limit (25 MiB); a local worker bundle is one value, named
// by its hash.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { listFiles } from './local-assets.ts';
import type { DeployTarget } from './deploy-target.ts';
import { DeployError } from './wrangler.ts';

export interface DeployRecord {
  /**
   * The worker version that went live with the build: a Cloudflare version id, or locally the
   * hash of the worker bundle (`deploy:worker:<hash>`).
   */
  worker?: string;
  /** The build's files under `assets/` of its client folder. */
  assets: KeptAsset[];
  /** The shared parts its list of assets is stored in (build-records.ts). */
  parts?: string[];
}

export interface KeptAsset {
  path: string;
  hash: string;
  bytes: number;
  /** Values it is stored in: `deploy:asset:<hash>:0` … (unless packed). */
  parts: number;
  /**
   * Stored in a pack with other small files instead: its base64 text runs from `at` in the value
   * of `key` (`deploy:pack:<hash>`), for as many characters as its bytes take in base64.
   */
  pack?: { key: string; at: number };
}

export const deployKeys = {
  record: (buildId: string) => `b:${buildId}:deploy`,
  asset: (hash: string, part: number) => `deploy:asset:${hash}:${part}`,
  worker: (hash: string) => `deploy:worker:${hash}`,
  pack: (hash: string) => `deploy:pack:${hash}`,
  /** A part of the lists of assets that builds' records share. */
  list: (hash: string) => `deploy:list:${hash}`,
} as const;

/** Keys this module writes outside a build's own `b:<id>:` keys, which the deploy collects. */
export const keptFilePrefixes = ['deploy:asset:', 'deploy:worker:', 'deploy:pack:', 'deploy:list:'] as const;

const base64Chars = (bytes: number) => Math.ceil(bytes / 3) * 4;

/**
 * Characters of base64 in one stored value: under KV's 25 MiB value limit with room to spare. Files
 * that fit in one share values (packs) up to this size: a redeploy after one changed page brings
 * dozens of new search index pieces (at 100,000 pages ~13 MB of them, the common words' pieces
 * of ~1 MB each among them), which would otherwise be a KV write each. Only a larger file is
 * stored alone, in parts.
 */
export const partChars = 20 * 1024 * 1024;
/** One bulk file sent at a time stays well under the API's 100 MB request limit. */
const bulkChars = 40 * 1024 * 1024;
/** Values one bulk read asks for: the API's limit is 100 keys. */
const bulkReadKeys = 100;

/**
 * The files under `<clientDir>/assets` that the build itself wrote, with their hashes. The asset
 * files (tens of thousands of small search pieces on a large site) are read and written without
 * awaiting each one: an asynchronous read of a small file costs many times the CPU of a
 * synchronous one (opened, examined, read and closed as four tasks).
 */
export async function describeAssets(clientDir: string): Promise<KeptAsset[]> {
  const assets: KeptAsset[] = [];
  for (const path of (await listFiles(join(clientDir, 'assets'))).sort()) {
    const bytes = readFileSync(join(clientDir, 'assets', path));
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const encoded = Math.ceil(bytes.length / 3) * 4;
    assets.push({ path, hash, bytes: bytes.length, parts: Math.max(1, Math.ceil(encoded / partChars)) });
  }
  return assets;
}

/**
 * Stores the build's asset files KV does not hold yet (`present`: every key KV holds; `kept`: the
 * kept builds' records, whose packs may hold some): small ones together in packs, each large one in
 * values of its own. Marks each asset's pack in `assets`. Returns the files stored.
 */
export async function storeAssets(
  target: DeployTarget,
  clientDir: string,
  assets: KeptAsset[],
  present: Set<string>,
  kept: Iterable<DeployRecord> = [],
): Promise<number> {
  const packed = new Map<string, KeptAsset['pack']>();
  for (const record of kept)
    for (const asset of record.assets)
      if (asset.pack && present.has(asset.pack.key)) packed.set(asset.hash, asset.pack);
  const entries: { key: string; value: string }[] = [];
  let pack: { texts: string[]; chars: number; assets: KeptAsset[] } = { texts: [], chars: 0, assets: [] };
  const closePack = () => {
    if (pack.assets.length === 0) return;
    const value = pack.texts.join('');
    const key = deployKeys.pack(createHash('sha256').update(value).digest('hex').slice(0, 32));
    for (const asset of pack.assets) asset.pack = { key, at: asset.pack!.at };
    entries.push({ key, value });
    pack = { texts: [], chars: 0, assets: [] };
  };
  let stored = 0;
  for (const asset of assets) {
    if (present.has(deployKeys.asset(asset.hash, 0))) continue;
    const found = packed.get(asset.hash);
    if (found) {
      asset.pack = found;
      continue;
    }
    const text = readFileSync(join(clientDir, 'assets', asset.path)).toString('base64');
    stored++;
    if (text.length <= partChars) {
      if (pack.chars + text.length > partChars) closePack();
      asset.pack = { key: '', at: pack.chars };
      pack.texts.push(text);
      pack.chars += text.length;
      pack.assets.push(asset);
      continue;
    }
    for (let part = 0; part < asset.parts; part++)
      entries.push({
        key: deployKeys.asset(asset.hash, part),
        value: text.slice(part * partChars, (part + 1) * partChars),
      });
  }
  closePack();
  await putInBulk(target, 'store the hashed assets', entries);
  return stored;
}

/** The keys that hold an asset's base64 text, in order. */
const assetKeys = (asset: KeptAsset): string[] =>
  asset.pack ? [asset.pack.key] : Array.from({ length: asset.parts }, (_, part) => deployKeys.asset(asset.hash, part));

/** An asset's base64 text from the values of its keys; undefined when one is missing. */
function assetText(asset: KeptAsset, values: Map<string, string | null>): string | undefined {
  const parts = assetKeys(asset).map((key) => values.get(key));
  if (parts.some((part) => part === null || part === undefined)) return undefined;
  if (!asset.pack) return parts.join('');
  return parts[0]!.slice(asset.pack.at, asset.pack.at + base64Chars(asset.bytes));
}

/**
 * Copies the kept builds' files into the new build's `assets/` (never over its own), read from KV
 * by their records. Returns the builds whose files could not all be found, for the log.
 */
export async function gatherKeptAssets(
  target: DeployTarget,
  clientDir: string,
  records: Map<string, DeployRecord>,
): Promise<{ files: number; missing: string[] }> {
  const own = new Set(await listFiles(join(clientDir, 'assets')));
  const wanted = new Map<string, KeptAsset>();
  for (const record of records.values())
    for (const asset of record.assets) if (!own.has(asset.path)) wanted.set(asset.path, asset);

  // Ask for the values in reads that stay under the API's limits: 100 keys, and about one value's size
  // (a pack is counted as a whole value).
  const sizes = new Map<string, number>();
  for (const asset of wanted.values())
    assetKeys(asset).forEach((key, part) =>
      sizes.set(key, asset.pack ? partChars : Math.min(partChars, base64Chars(asset.bytes) - part * partChars)),
    );
  const batches: string[][] = [[]];
  let batchChars = 0;
  for (const [key, chars] of sizes) {
    const batch = batches.at(-1)!;
    if (batch.length > 0 && (batch.length >= bulkReadKeys || batchChars + chars > partChars)) {
      batches.push([]);
      batchChars = 0;
    }
    batches.at(-1)!.push(key);
    batchChars += chars;
  }
  const values = new Map<string, string | null>();
  for (const batch of batches) {
    if (batch.length === 0) continue;
    for (const [key, value] of await target.getKeys(batch)) values.set(key, value);
  }

  const missingPaths = new Set<string>();
  let files = 0;
  for (const asset of wanted.values()) {
    const text = assetText(asset, values);
    if (text === undefined) {
      missingPaths.add(asset.path);
      continue;
    }
    const file = join(clientDir, 'assets', asset.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(text, 'base64'));
    files += 1;
  }
  const missing = [...records]
    .filter(([, record]) => record.assets.some((asset) => missingPaths.has(asset.path)))
    .map(([id]) => id);
  return { files, missing };
}

/** The keys a set of records keeps alive (besides the builds' own `b:<id>:` keys). */
export function keysInUse(records: Iterable<DeployRecord>): Set<string> {
  const used = new Set<string>();
  for (const record of records) {
    for (const asset of record.assets) for (const key of assetKeys(asset)) used.add(key);
    for (const part of record.parts ?? []) used.add(part);
    if (record.worker) used.add(deployKeys.worker(record.worker));
  }
  return used;
}

/** Bulk writes in files the API accepts (by bytes; wrangler splits them by count). */
export async function putInBulk(
  target: DeployTarget,
  step: string,
  entries: { key: string; value: string }[],
): Promise<void> {
  let batch: typeof entries = [];
  let chars = 0;
  const send = async () => {
    if (batch.length === 0) return;
    await target.putEntries(step, batch);
    batch = [];
    chars = 0;
  };
  for (const entry of entries) {
    if (chars + entry.value.length > bulkChars) await send();
    batch.push(entry);
    chars += entry.value.length + entry.key.length;
  }
  await send();
}

/** A worker bundle (the files `wrangler deploy --dry-run --outdir` writes) as one KV value. */
export async function packWorker(bundleDir: string): Promise<{ hash: string; value: string }> {
  const files: Record<string, string> = {};
  const hash = createHash('sha256');
  // What workerd loads: the module and what it imports; not the source map or wrangler's README.
  for (const name of (await listFiles(bundleDir)).filter((name) => !/\.map$|README\.md$/.test(name)).sort()) {
    const bytes = await readFile(join(bundleDir, name));
    hash.update(`${name}\0${bytes.length}\0`).update(bytes);
    files[name] = bytes.toString('base64');
  }
  const value = JSON.stringify(files);
  if (value.length > partChars)
    throw new DeployError('store the worker bundle', `it takes ${value.length} bytes as a KV value, over ${partChars}`);
  return { hash: hash.digest('hex').slice(0, 16), value };
}

/** Writes a value from `packWorker` out as a bundle folder. */
export async function unpackWorker(value: string, bundleDir: string): Promise<void> {
  const files = JSON.parse(value) as Record<string, string>;
  for (const [name, content] of Object.entries(files)) {
    const file = join(bundleDir, name);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, Buffer.from(content, 'base64'));
  }
}
