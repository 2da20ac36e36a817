// A large site's search index stays within the static files a build may ship (Workers Static Assets
// take 20,000 files a version on the free plan, and a 100,000-page site has some 46,000 pieces at
// the usual sizes): its page record chunks, most of the pieces, grow until all fit, and only when
// even the largest do not do they go to KV. The worker reads each piece from where the build put
// it, and a search answers the same as from an index all in files of the usual sizes.

import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../../../../../client/contract/search-protocol.ts';
import type { PageDirectory, SearchRoot } from '../../../../../../client/contract/index-pieces.ts';
import type { SearchRef } from '../../../../../../client/contract/storage.ts';
import { KvWriter, kvBulkFiles } from '../../../../../../scripts/compiler/outputs/kv-writer.ts';
import { emitSearchIndex } from '../../../../../../scripts/compiler/outputs/search/emit.ts';
import {
  createSearchIndexWriter,
  type PieceSizes,
} from '../../../../../../scripts/compiler/outputs/search/index-writer.ts';
import { forgetSearchPieces, type PieceEnv } from '../../../../../../worker/services/search/pieces.ts';
import { localIndex } from '../../../../../../worker/services/search/local-index.ts';
import { random, syntheticPage, zipfVocabulary } from '../../../../support/synthetic-pages.ts';

/** Small record chunks, most of the pieces as on a large site. */
const sizes: PieceSizes = { terms: 8192, longTerm: 16384, vocabulary: 4096, records: 2048, headings: 8192 };

let root: string;
let pages: SearchRecord[][];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-emit-'));
  const rand = random(11);
  const vocabulary = zipfVocabulary(3000, rand);
  pages = Array.from({ length: 300 }, (_, index) => syntheticPage(index, vocabulary, rand, 10 + (index % 20)));
});

afterAll(() => rm(root, { recursive: true, force: true }));

/** The index emitted into a fresh output folder, with at most `maxStaticPieces` pieces as files. */
async function emit(name: string, maxStaticPieces?: number) {
  const outDir = join(root, name);
  const writer = createSearchIndexWriter({ siteUrl: 'https://docs.example.test', sizes });
  pages.forEach((records, index) => writer.addPage(index, records));
  await mkdir(join(outDir, 'kv'), { recursive: true });
  const kv = new KvWriter(join(outDir, 'kv'));
  const ref = await emitSearchIndex(writer, 'assets', outDir, kv, maxStaticPieces);
  await kv.close();
  const files = await readdir(join(outDir, 'client', 'assets', 'search'));
  const values = new Map<string, string>();
  for (const file of await kvBulkFiles(outDir))
    for (const { key, value } of JSON.parse(await readFile(file, 'utf8')) as { key: string; value: string }[])
      values.set(key, value);
  return { outDir, ref, files, values };
}

/** Bytes of each page record chunk of an index emitted all as files, as its page directory pieces name them. */
async function recordChunkBytes(outDir: string, ref: SearchRef): Promise<number[]> {
  const read = (hash: string) => readFile(join(outDir, 'client', 'assets', 'search', `${hash}.json`));
  const root = JSON.parse(String(await read(ref.directory))) as SearchRoot;
  const bytes: number[] = [];
  for (const [, hash] of root.pages)
    for (const [, chunk] of (JSON.parse(String(await read(hash))) as PageDirectory).chunks)
      bytes.push((await read(chunk)).length);
  return bytes;
}

/** The worker's bindings over an emitted build: its files as static assets, its values in KV. */
function bindings(outDir: string, values: Map<string, string>): PieceEnv {
  return {
    CONTENT: { get: async (key: string) => values.get(key) ?? null } as unknown as KVNamespace,
    ASSETS: {
      fetch: async (url: string) => {
        const bytes = await readFile(join(outDir, 'client', new URL(url).pathname)).catch(() => null);
        return bytes ? new Response(bytes) : new Response('not found', { status: 404 });
      },
    } as unknown as Fetcher,
  };
}

async function answers(outDir: string, ref: SearchRef, values: Map<string, string>, queries: string[]) {
  forgetSearchPieces();
  const index = await localIndex(bindings(outDir, values), ref);
  const shown: string[][] = [];
  for (const query of queries) {
    const ranking = await index.search(query);
    shown.push((await index.shown(query, ranking, ranking.slice(0, 20))).map((record) => record.objectID));
  }
  return shown;
}

describe('search pieces past the static files a build may ship', () => {
  it('are all files while they fit, and the page record chunks go to KV once even grown they do not', async () => {
    const all = await emit('all-files');
    expect(all.ref.passing).toBeUndefined();
    expect([...all.values.keys()].filter((key) => key.startsWith('search:'))).toEqual([]);

    // Room for the other pieces alone: not even the largest record chunks fit beside them.
    const budget = all.files.length - (await recordChunkBytes(all.outDir, all.ref)).length;
    const split = await emit('chunks-in-kv', budget);
    expect(split.ref).toEqual({ ...all.ref, passing: 'kv' });
    const inKv = [...split.values.keys()].filter((key) => key.startsWith('search:'));
    expect(inKv.length).toBeGreaterThan(all.files.length / 2);
    expect(split.files.length).toBeLessThanOrEqual(budget);
    // Every piece is in one place or the other, with the same text.
    expect(split.files.length + inKv.length).toBe(all.files.length);
    for (const key of inKv)
      expect(split.values.get(key)).toBe(
        await readFile(join(all.outDir, 'client', 'assets', 'search', `${key.slice('search:'.length)}.json`), 'utf8'),
      );
  });

  it('stay files past the budget while grown record chunks (doubling) make every piece fit', async () => {
    const all = await emit('usual-sizes');
    const usual = await recordChunkBytes(all.outDir, all.ref);
    const budget = Math.floor(all.files.length / 2);
    const grown = await emit('grown-chunks', budget);
    expect(grown.ref.passing).toBeUndefined();
    expect([...grown.values.keys()].filter((key) => key.startsWith('search:'))).toEqual([]);
    expect(grown.files.length).toBeLessThanOrEqual(budget);
    const chunks = await recordChunkBytes(grown.outDir, grown.ref);
    // Fewer, larger chunks holding the same pages' records.
    expect(chunks.length).toBeLessThan(usual.length / 2);
    const mean = (list: number[]) => list.reduce((sum, n) => sum + n, 0) / list.length;
    expect(mean(chunks)).toBeGreaterThan(2 * mean(usual));
    expect(chunks.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0.9 * usual.reduce((sum, n) => sum + n, 0));
  });

  it('answer the same searches from grown record chunks', async () => {
    const all = await emit('usual-sizes-2');
    const grown = await emit('grown-chunks-2', Math.floor(all.files.length / 2));
    const queries = pages.slice(0, 12).map((records) => records[0]!.hierarchy.lvl1!.split(' ')[0]!);
    const expected = await answers(all.outDir, all.ref, all.values, queries);
    expect(expected.flat().length).toBeGreaterThan(0);
    expect(await answers(grown.outDir, grown.ref, grown.values, queries)).toEqual(expected);
  });

  it('answer the same searches, read from where the build put each piece', async () => {
    const all = await emit('all-files-2');
    const split = await emit('chunks-in-kv-2', 10);
    const queries = pages.slice(0, 12).map((records) => records[0]!.hierarchy.lvl1!.split(' ')[0]!);
    const expected = await answers(all.outDir, all.ref, all.values, queries);
    expect(expected.flat().length).toBeGreaterThan(0);
    expect(await answers(split.outDir, split.ref, split.values, queries)).toEqual(expected);
  });
});
