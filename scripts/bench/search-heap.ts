// The search's own memory, which workerd's RSS cannot show: the worker's search service itself
// (worker/services/search, same piece cache and the same 32 MB bound) run in a Node process of its
// own over a build's pieces, read from disk as the ASSETS binding would serve them. After a few
// hundred distinct searches the V8 heap is measured after a full GC, against the heap before the
// first one, beside what the piece cache says it holds.
//
// Run as a child (it needs --expose-gc and a clean heap):
//   node --expose-gc --import tsx --import ./scripts/node-wasm/register.mjs \
//     scripts/bench/search-heap.ts <outDir> <siteDir> <directory> [queries] [seed] [passing]
// (`passing` = kv: the build keeps its record chunks in KV, read here from its bulk files.)
// It prints one line of JSON (`SearchHeap`).

import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SearchRef } from '../../client/contract/storage.ts';

export interface SearchHeap {
  searches: number;
  /** V8 heap used after a full GC, before the first search (modules loaded) and after the last. */
  heapBeforeBytes: number;
  heapAfterBytes: number;
  /**
   * ArrayBuffers live before the first search and after the last search's GC (decoded postings,
   * pieces kept as bytes, the postings decoder's memory): outside V8's heap count, inside the isolate.
   */
  arrayBuffersBeforeBytes: number;
  arrayBuffersAfterBytes: number;
  /** What the piece cache counts it holds after the last search. */
  cacheCountedBytes: number;
  cacheLimitBytes: number;
  /** Pieces the first search read (the cache empty), and all searches' reads divided by their number. */
  firstSearchReads: number;
  readsPerSearch: number;
}

/** What search holds after the searches, beyond what the process held before: V8's heap and ArrayBuffers. */
export const searchMemoryBytes = (heap: SearchHeap): number =>
  heap.heapAfterBytes - heap.heapBeforeBytes + heap.arrayBuffersAfterBytes - heap.arrayBuffersBeforeBytes;

/** `+<total> MiB (V8 heap +<heap>, array buffers +<buffers>)`, each to a tenth of a MiB. */
export const searchMemoryText = (heap: SearchHeap): string =>
  `+${mib(searchMemoryBytes(heap))} MiB (V8 heap +${mib(heap.heapAfterBytes - heap.heapBeforeBytes)}, ` +
  `array buffers +${mib(heap.arrayBuffersAfterBytes - heap.arrayBuffersBeforeBytes)})`;
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** Runs the measurement in a child process and returns its figures. */
export async function measureSearchHeap(
  outDir: string,
  siteDir: string,
  ref: SearchRef,
  searches = 300,
  seed = 1,
): Promise<SearchHeap> {
  if (ref.store !== 'assets') throw new Error('the search heap is measured over a build with static pieces');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      // The worker's postings decoder is a .wasm module.
      '--import',
      join(import.meta.dirname, '..', 'node-wasm', 'register.mjs'),
      join(import.meta.dirname, 'search-heap.ts'),
      outDir,
      siteDir,
      ref.directory,
      String(searches),
      String(seed),
      ref.passing ?? '',
    ],
    { maxBuffer: 1024 * 1024, timeout: 600_000 },
  );
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as SearchHeap;
}

async function main(argv: string[]): Promise<void> {
  const [outDir, siteDir, directory, count = '300', seed = '1', passing = ''] = argv;
  if (!outDir || !siteDir || !directory)
    throw new Error('usage: search-heap.ts <outDir> <siteDir> <directory> [queries] [seed]');
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const { searchLocal } = await import('../../worker/services/search/service.ts');
  const { searchCacheBytes } = await import('../../worker/services/search/pieces.ts');
  const { defaultCacheBytes } = await import('../../worker/services/search/piece-cache.ts');
  const { parseSearchBody } = await import('../../worker/services/search/protocol.ts');
  const { searchBody } = await import('./load.ts');
  const { queryStream, siteWords } = await import('./search-queries.ts');
  const next = queryStream(await siteWords(siteDir), Number(seed));
  const queries = Array.from({ length: Number(count) }, () => parseSearchBody(searchBody(next())));
  let reads = 0;
  const assets = {
    fetch: async (input: string | Request) => {
      reads += 1;
      const url = typeof input === 'string' ? input : input.url;
      return new Response(await readFile(join(outDir, 'client', new URL(url).pathname), 'utf8'));
    },
  };
  const kvDir = passing === 'kv' ? await searchValuesAsFiles(outDir) : undefined;
  const content = {
    get: async (key: string) => {
      reads += 1;
      return kvDir ? readFile(join(kvDir, `${key.slice('search:'.length)}.json`), 'utf8').catch(() => null) : null;
    },
  };
  const env = { ASSETS: assets, CONTENT: content } as unknown as Parameters<typeof searchLocal>[0];
  const search = { store: 'assets' as const, directory, ...(passing === 'kv' ? { passing: 'kv' as const } : {}) };
  const build = { buildId: 'heap', search };
  const settledHeap = () => {
    gc();
    gc();
    return process.memoryUsage();
  };
  const before = settledHeap();
  let firstSearchReads = 0;
  for (const query of queries) {
    await searchLocal(env, build, query);
    firstSearchReads ||= reads;
  }
  const after = settledHeap();
  const result: SearchHeap = {
    searches: queries.length,
    heapBeforeBytes: before.heapUsed,
    heapAfterBytes: after.heapUsed,
    arrayBuffersBeforeBytes: before.arrayBuffers,
    arrayBuffersAfterBytes: after.arrayBuffers,
    cacheCountedBytes: searchCacheBytes(),
    cacheLimitBytes: defaultCacheBytes,
    firstSearchReads,
    readsPerSearch: Math.round((reads / queries.length) * 100) / 100,
  };
  console.log(JSON.stringify(result));
}

/** The build's `search:` KV values as files of their own (once), so that each is read on its own as KV would. */
async function searchValuesAsFiles(outDir: string): Promise<string> {
  const { kvBulkFiles } = await import('../compiler/outputs/kv-writer.ts');
  const dir = join(outDir, 'kv-search');
  await mkdir(dir, { recursive: true });
  for (const file of await kvBulkFiles(outDir))
    for (const { key, value } of JSON.parse(await readFile(file, 'utf8')) as { key: string; value: string }[])
      if (key.startsWith('search:')) await writeFile(join(dir, `${key.slice('search:'.length)}.json`), value);
  return dir;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
