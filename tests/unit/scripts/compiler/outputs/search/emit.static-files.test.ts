// A large site's search index ships fewer static files than it has pieces: past a number of
// pieces the page record chunks, most of them, go to KV (Workers Static Assets take 20,000 files a
// version on the free plan, and a 100,000-page site has some 42,000 pieces). The worker reads each
// piece from where the build put it, and a search answers the same as from an index all in files.

import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../../../../../client/contract/search-protocol.ts';
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

/** The index emitted into a fresh output folder, with at most `maxStaticPieces` pieces as files before chunks move. */
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
  it('are all files while they fit, and the page record chunks go to KV once they do not', async () => {
    const all = await emit('all-files');
    expect(all.ref.passing).toBeUndefined();
    expect([...all.values.keys()].filter((key) => key.startsWith('search:'))).toEqual([]);

    const budget = Math.floor(all.files.length / 2);
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

  it('answer the same searches, read from where the build put each piece', async () => {
    const all = await emit('all-files-2');
    const split = await emit('chunks-in-kv-2', 10);
    const queries = pages.slice(0, 12).map((records) => records[0]!.hierarchy.lvl1!.split(' ')[0]!);
    const expected = await answers(all.outDir, all.ref, all.values, queries);
    expect(expected.flat().length).toBeGreaterThan(0);
    expect(await answers(split.outDir, split.ref, split.values, queries)).toEqual(expected);
  });
});
