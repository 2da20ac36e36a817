// `--search-only <dir>`: the scale bench's search figures again, on a build it kept (`--keep`
// prints the folder), without generating or building anything: a change to the search service
// costs seconds to measure, not the build's minutes. Each run is a fresh workerd over the same
// KV state and the same queries (same seed); the medians of the runs are printed and written.

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleWorker } from '../local/workerd.ts';
import { noEdgeCacheEntry, ownCpu, type OwnCpu } from './own-cpu.ts';
import { readKvOutput } from './kv-output.ts';
import { searchFiguresIn, type SearchFigures, type SearchLayout } from './scale-search.ts';
import { untilQuiet } from './process-tree.ts';
import { measureSearchHeap, searchMemoryText, type SearchHeap } from './search-heap.ts';
import { queryStream, siteWords } from './search-queries.ts';

export interface SearchRerunOptions {
  /** The folder a `--keep` run left: site/, out/ and state/ (KV as deployed). */
  keptDir: string;
  runs: number;
  seed: number;
  port: number;
  warmSeconds: number;
  /** Results go to `<out>/bench/search-only.json`. */
  out: string;
}

/** The medians of several runs in one layout. */
export interface SearchMedians {
  coldFirstMs: number;
  coldFirstCpuMs: number;
  /** The first search on a workerd whose platform services were up (see `SearchFigures.servicesUp`). */
  servicesUpMs: number;
  servicesUpCpuMs: number;
  isolateStartMs: number;
  p50: number;
  p99: number;
  cpuMsPerSearch: number;
}

/**
 * How a run serves search: a layout (scale-search.ts) with the worker as deployed, or `own`:
 * straight on workerd with the Cache API answered inside the isolate (no-edge-cache-worker.ts),
 * whose CPU is the worker's own.
 */
export type SearchRun = SearchLayout | 'own';

export interface SearchRerun {
  keptDir: string;
  runs: Record<SearchRun, SearchFigures>[];
  median: Record<SearchRun, SearchMedians>;
  /** Straight on workerd, the worker's CPU apart from Miniflare's Cache API simulator (medians). */
  ownCpu: OwnCpu;
  heap: SearchHeap;
}

const searchRuns: SearchRun[] = ['straight', 'own', 'miniflare'];

export async function rerunSearch(options: SearchRerunOptions): Promise<SearchRerun> {
  const siteDir = join(options.keptDir, 'site');
  const persist = join(options.keptDir, 'state');
  // A whole run ends by redeploying a rebuild (out-again/): the state then serves that build.
  const rebuilt = join(options.keptDir, 'out-again');
  const outDir = existsSync(rebuilt) ? rebuilt : join(options.keptDir, 'out');
  for (const dir of [siteDir, outDir, persist])
    if (!existsSync(dir))
      throw new Error(`--search-only: ${dir} is missing; pass the folder a run with --keep printed ("kept …")`);
  const { search: ref } = await readKvOutput(outDir);
  if (!ref) throw new Error(`--search-only: the build in ${outDir} has no search index`);
  const words = await siteWords(siteDir);
  console.log(`  waited ${await untilQuiet()} s for a quiet machine`);
  const bundleRoot = await mkdtemp(join(tmpdir(), 'self-docs-search-rerun-'));
  const runs: Record<SearchRun, SearchFigures>[] = [];
  try {
    const bundleDir = await bundleWorker(join(bundleRoot, 'deployed'));
    const ownBundleDir = await bundleWorker(join(bundleRoot, 'own'), noEdgeCacheEntry);
    const site = { origin: '', outDir, persist, stop: async () => {} };
    const bindings = { SEARCH_CACHE_TTL: '300', HTML_CACHE_TTL: '0' };
    for (let run = 1; run <= options.runs; run++) {
      const measured = {} as Record<SearchRun, SearchFigures>;
      for (const layout of searchRuns) {
        const figures = await searchFiguresIn(
          layout === 'own' ? 'straight' : layout,
          site,
          options.port,
          bindings,
          () => queryStream(words, options.seed),
          { bundleDir: layout === 'own' ? ownBundleDir : bundleDir, warmSeconds: options.warmSeconds },
        );
        measured[layout] = figures;
        console.log(
          `  run ${run}, ${layout}: start ${figures.isolateStartMs} ms, cold first ${figures.coldFirstMs} ms ` +
            `(${figures.coldFirstCpuMs} ms CPU), services up ${figures.servicesUp?.ms} ms (${figures.servicesUp?.cpuMs} ms CPU), ` +
            `warm p50 ${figures.warm.p50} / p99 ${figures.warm.p99} ms, ${figures.warm.cpuMsPerSearch} ms CPU ` +
            `(${figures.warm.requests} searches)`,
        );
      }
      runs.push(measured);
    }
  } finally {
    await rm(bundleRoot, { recursive: true, force: true });
  }
  const heap = await measureSearchHeap(outDir, siteDir, ref, 300, options.seed);
  const median = {} as Record<SearchRun, SearchMedians>;
  for (const layout of searchRuns) {
    median[layout] = medians(runs.map((run) => run[layout]));
    const { coldFirstMs, coldFirstCpuMs, servicesUpMs, servicesUpCpuMs, isolateStartMs, p50, p99, cpuMsPerSearch } =
      median[layout];
    console.log(
      `\n${layout}, median of ${runs.length}: start ${isolateStartMs} ms, cold first ${coldFirstMs} ms ` +
        `(${coldFirstCpuMs} ms CPU), services up ${servicesUpMs} ms (${servicesUpCpuMs} ms CPU), ` +
        `warm p50 ${p50} / p99 ${p99} ms, ${cpuMsPerSearch} ms CPU a warm search`,
    );
  }
  const split = ownCpu(median.straight, median.own);
  console.log(
    `straight on workerd, CPU: the worker's own ${split.firstSearch.worker} ms for the first search ` +
      `(Cache API simulator ${split.firstSearch.cacheSimulator}), ${split.firstServicesUp.worker} ms with the ` +
      `services up (simulator ${split.firstServicesUp.cacheSimulator}), ${split.warm.worker} ms a warm search ` +
      `(simulator ${split.warm.cacheSimulator})`,
  );
  const result: SearchRerun = { keptDir: options.keptDir, runs, median, ownCpu: split, heap };
  console.log(
    `search memory ${searchMemoryText(heap)} after ` +
      `${heap.searches} searches; piece reads: ${heap.firstSearchReads} for the first search, ` +
      `${heap.readsPerSearch} a search over all`,
  );
  await mkdir(join(options.out, 'bench'), { recursive: true });
  const file = join(options.out, 'bench', 'search-only.json');
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written ${file}`);
  return result;
}

function medians(runs: SearchFigures[]): SearchMedians {
  return {
    coldFirstMs: median(runs.map((run) => run.coldFirstMs)),
    coldFirstCpuMs: median(runs.map((run) => run.coldFirstCpuMs ?? NaN)),
    servicesUpMs: median(runs.map((run) => run.servicesUp?.ms ?? NaN)),
    servicesUpCpuMs: median(runs.map((run) => run.servicesUp?.cpuMs ?? NaN)),
    isolateStartMs: median(runs.map((run) => run.isolateStartMs)),
    p50: median(runs.map((run) => run.warm.p50)),
    p99: median(runs.map((run) => run.warm.p99)),
    cpuMsPerSearch: median(runs.map((run) => run.warm.cpuMsPerSearch ?? NaN)),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 100) / 100;
}
