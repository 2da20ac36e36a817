// A build too large for its page record chunks to stay static files, even grown to their largest
// (recordChunkTarget), keeps them in KV (`SearchRef.passing`), under Workers Static Assets' limit:
// a redeploy of one changed page would write its new record chunk as one more KV value. The
// deploy leaves the record chunks KV lacks (after a one-page change, that page's) in the static
// assets instead and names them in the manifest it uploads (`SearchRef.staticChunks`): the
// redeploy writes what a smaller site's writes. The static file lands in the pack of new hashed
// assets the deploy writes anyway (kept-files.ts). Past a bound, every chunk KV lacks goes to KV
// and the list is empty again, so the manifest (read once an isolate) grows by a few KB at most
// and the static files by a few hundred.

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { kvKeys, type Manifest } from '../../client/contract/storage.ts';
import { searchPiecePath } from '../../client/contract/urls.ts';
import { kvBulkFiles, type KvEntry } from '../compiler/outputs/kv-writer.ts';
import { planUpload, type UploadPlan } from './upload-plan.ts';

/** Record chunks a build serves as static files at most (a few KB of the manifest). */
export const staticChunksMax = 200;

export interface StaticChunks {
  /** KV keys of the chunks left in the static assets: the upload leaves them out. */
  keys: Set<string>;
  /** The manifest as uploaded: naming those chunks, or as the build wrote it. */
  manifest?: KvEntry;
}

const none: StaticChunks = { keys: new Set() };

/**
 * Which of the build's record chunks stay static files: those KV lacks (`inKv`: every key it
 * holds), when the build keeps its chunks in KV and they are at most `max`.
 */
export async function planStaticChunks(
  outDir: string,
  buildId: string,
  buildKeys: string[],
  inKv: Set<string>,
  max = staticChunksMax,
): Promise<StaticChunks> {
  const key = kvKeys.manifest(buildId);
  const text = await readBuildValue(outDir, key);
  if (text === undefined) return none;
  const manifest = JSON.parse(text) as Manifest;
  const { search } = manifest;
  if (search?.store !== 'assets' || search.passing !== 'kv') return none;
  // Such a build stores no other search piece in KV: its `search:` keys are its record chunks.
  const lacking = buildKeys.filter((name) => name.startsWith(kvKeys.searchPiece('')) && !inKv.has(name)).sort();
  const staticChunks = lacking.length <= max ? lacking.map((name) => name.slice(kvKeys.searchPiece('').length)) : [];
  const { staticChunks: _, ...written } = search;
  const value = JSON.stringify({
    ...manifest,
    search: { ...written, ...(staticChunks.length > 0 ? { staticChunks } : {}) },
  });
  return {
    keys: new Set(staticChunks.map((hash) => kvKeys.searchPiece(hash))),
    manifest: { key, value },
  };
}

/**
 * The upload plan of the build (`leave`: entries the deploy stores otherwise), with the record
 * chunks KV lacks written as static files instead and the manifest naming them; `ownKeys`: the
 * build's keys (`buildKeys`) that are in KV once it is sent.
 */
export async function planUploadLeavingChunks(
  outDir: string,
  buildId: string,
  buildKeys: string[],
  inKv: Set<string>,
  present: Set<string>,
  leave: (key: string) => boolean,
): Promise<{ plan: UploadPlan; ownKeys: string[] }> {
  const chunks = await planStaticChunks(outDir, buildId, buildKeys, inKv);
  const texts = new Map<string, string>();
  const plan = await planUpload(
    outDir,
    present,
    (key, value) => {
      if (!chunks.keys.has(key)) return leave(key);
      texts.set(key, value);
      return true;
    },
    new Map(chunks.manifest ? [[chunks.manifest.key, chunks.manifest.value]] : []),
  );
  await writeStaticChunks(outDir, texts);
  return { plan, ownKeys: buildKeys.filter((key) => !chunks.keys.has(key)) };
}

/** Writes the chunks the upload left out (`texts`, by KV key) as the static files the manifest names. */
async function writeStaticChunks(outDir: string, texts: Map<string, string>): Promise<void> {
  for (const [key, text] of texts) {
    const file = join(outDir, 'client', searchPiecePath(key.slice(kvKeys.searchPiece('').length)));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}

/** A per-build value from the build's bulk files; the manifest is written last, so read from the end. */
async function readBuildValue(outDir: string, key: string): Promise<string | undefined> {
  for (const file of (await kvBulkFiles(outDir)).reverse()) {
    const entries = JSON.parse(await readFile(file, 'utf8')) as KvEntry[];
    const found = entries.find((entry) => entry?.key === key);
    if (found) return found.value;
  }
  return undefined;
}
