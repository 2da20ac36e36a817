// The scale bench's figures as one table, a row per site size.

import type { DeployCount } from './counted-deploy.ts';
import type { SearchFigures } from './scale-search.ts';
import { searchMemoryBytes, type SearchHeap } from './search-heap.ts';
import type { StartTime } from './start-time.ts';

export interface SizeResult {
  size: string;
  pages?: number;
  markdownBytes?: number;
  /** The cold build: wall and CPU seconds of all its processes, their peak memory together. */
  build?: { ok: boolean; seconds: number; cpuSeconds?: number; peakRssBytes: number; timedOut: boolean };
  kv?: { entries: number; totalBytes: number; largestValueBytes: number; largestKey: string };
  searchAsset?: { file: string; bytes: number } | null;
  /** What the deploy uploads as static assets: files (the platform counts them) and the largest. */
  staticAssets?: { files: number; totalBytes: number; largest?: { file: string; bytes: number } };
  html?: { small?: { route: string; bytes: number }; deepest?: { route: string; bytes: number } };
  /** Search straight on workerd (`SearchLayout` 'straight'): our code and workerd alone, the headline figures. */
  search?: SearchFigures;
  /** Seconds waited before the search figures for the machine to be quiet (`untilQuiet`). */
  quietWaitSeconds?: number;
  /** The same searches through Miniflare's entry worker and its assets service, as `wrangler dev` runs them. */
  searchViaMiniflare?: SearchFigures;
  /** The search service's own heap, run in Node over the build's pieces (see search-heap.ts). */
  searchHeap?: SearchHeap;
  firstDeploy?: DeployCount;
  redeploy?: DeployCount & { changedFile: string; rebuildSeconds: number };
  /** `npm start -- --content <site>`, cold, to its first page served. */
  start?: StartTime;
  /** The machine's 1-minute load average when the size began and ended. */
  load?: { start: number; end: number };
  errors: string[];
}

const kb = (bytes: number | undefined) => (bytes === undefined ? '–' : `${(bytes / 1024).toFixed(1)}`);
const mb = (bytes: number | undefined) => (bytes === undefined ? '–' : `${(bytes / 2 ** 20).toFixed(0)}`);
const shown = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '–' : value);

export function printScaleTable(results: SizeResult[]) {
  console.log(
    '\nScale (KB/MB are KiB/MiB; search on a fresh workerd straight to the worker, its static assets from' +
      ' workerd\'s disk service, one connection, every query new; "services up": the same first search once' +
      ' Miniflare\'s KV and cache services were started from Node; "via Miniflare": through its entry worker' +
      ' and assets service, as wrangler dev runs it)',
  );
  console.table(
    results.map((result) => ({
      size: result.size,
      pages: shown(result.pages),
      'build s': shown(result.build?.seconds),
      'build CPU s': shown(result.build?.cpuSeconds),
      'build peak MB': mb(result.build?.peakRssBytes),
      'KV keys': shown(result.kv?.entries),
      'KV largest KB': kb(result.kv?.largestValueBytes),
      'search asset KB': result.searchAsset ? kb(result.searchAsset.bytes) : '–',
      'static files': shown(result.staticAssets?.files),
      'static largest KB': kb(result.staticAssets?.largest?.bytes),
      'HTML small KB': kb(result.html?.small?.bytes),
      'HTML deep KB': kb(result.html?.deepest?.bytes),
      'isolate start ms': shown(result.search?.isolateStartMs),
      'cold search ms': shown(result.search?.coldFirstMs),
      'cold, services up ms': shown(result.search?.servicesUp?.ms),
      'workerd RSS +MB': mb(result.search?.isolateGrowthBytes),
      'workerd MB': mb(result.search?.workerdRssBytes ?? undefined),
      'search memory MB': mb(result.searchHeap && searchMemoryBytes(result.searchHeap)),
      'cache counts MB': mb(result.searchHeap?.cacheCountedBytes),
      'warm p50 ms': shown(result.search?.warm.p50),
      'warm p99 ms': shown(result.search?.warm.p99),
      'via Miniflare: cold ms': shown(result.searchViaMiniflare?.coldFirstMs),
      'services up ms': shown(result.searchViaMiniflare?.servicesUp?.ms),
      'p50 ms': shown(result.searchViaMiniflare?.warm.p50),
      'p99 ms': shown(result.searchViaMiniflare?.warm.p99),
      'redeploy keys': result.redeploy
        ? `${result.redeploy.keysWritten - result.redeploy.pointerKeys} + ${result.redeploy.pointerKeys} pointer`
        : '–',
      'npm start s': shown(result.start?.seconds),
      load: result.load ? `${result.load.start.toFixed(1)}–${result.load.end.toFixed(1)}` : '–',
    })),
  );
  for (const result of results) {
    if (result.kv) console.log(`  ${result.size}: largest KV value is ${result.kv.largestKey}`);
    for (const error of result.errors) console.log(`  ${result.size}: ${briefly(error)}`);
  }
}

/** A step's error in two lines at most: what failed, and the last thing the tool said. */
function briefly(error: string): string {
  const lines = error.split('\n').filter((line) => line.trim() !== '');
  const first = lines[0]!.length > 160 ? `${lines[0]!.slice(0, 160)}…` : lines[0]!;
  return lines.length > 1 ? `${first}\n      ${lines.at(-1)!.trim()}` : first;
}
