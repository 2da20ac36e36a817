// Search as the scale bench measures it, on a workerd started for the purpose: the first search
// of a cold isolate, what the isolate's process holds after a few hundred different searches,
// and the latency of searches the cache cannot answer, one at a time.

import { performance } from 'node:perf_hooks';
import { median } from './lighthouse-median.ts';
import { searchBody } from './load.ts';
import { childrenNamed, processRssBytes, processRunSeconds } from './process-tree.ts';
import { startWorkerd, type RunningSite } from './server.ts';

export interface SearchFigures {
  /**
   * Wall time of the first POST /1/indexes/*\/queries on a fresh workerd, once its isolate is up:
   * the median over `firstSearches.cold`, one a fresh workerd, each asked the next of the stream's
   * first queries.
   */
  coldFirstMs: number;
  /** workerd's CPU time during that search (every thread, from the kernel's schedstat); median. */
  coldFirstCpuMs: number | null;
  /** Wall time of the isolate's first request, which reads nothing (script start-up); median. */
  isolateStartMs: number;
  /**
   * Each fresh workerd's first search, as measured: one sample varies from one workerd to the
   * next, so the figures above are medians of these.
   */
  firstSearches?: { cold: ColdSearch[]; servicesUp: FirstSearch[] };
  /**
   * The same first queries, each on another fresh workerd whose KV, Cache API and static-assets
   * services were started beforehand (`wakeServices`), as Cloudflare always has them: the first
   * search's own cost, without Miniflare starting its simulators on it. Filled in by
   * `firstSearchServicesUp`; the median.
   */
  servicesUp?: FirstSearch;
  /** workerd's RSS after `seriesQueries` searches minus its RSS before the first one. */
  isolateGrowthBytes: number;
  /** The whole workerd process's RSS after the warm searches (null when it was gone). */
  workerdRssBytes?: number | null;
  seriesQueries: number;
  /**
   * workerd's CPU time (every service in it: worker, assets, KV, cache) a warm search, which a
   * busy machine inflates less than wall time: what to compare changes by on a shared machine.
   */
  warm: { p50: number; p99: number; requests: number; errors: number; cpuMsPerSearch: number | null };
}

export interface FirstSearch {
  ms: number;
  /** workerd's CPU time during it (every thread, from the kernel's schedstat). */
  cpuMs: number | null;
}

/** A first search on a fresh workerd, and the wall time of the request that started its isolate. */
export interface ColdSearch extends FirstSearch {
  isolateStartMs: number;
}

/** Fresh workerds whose first search is timed, cold and with the services up, for each figure. */
export const firstSearchSamples = 7;

/** The workerd processes this process started (Miniflare runs workerd as a direct child). */
function ownWorkerds(): number[] {
  return childrenNamed(process.pid, 'workerd');
}

/**
 * How search requests reach the worker and how it reads its pieces:
 * - `straight`: a socket straight to the worker, and `ASSETS` bound to workerd's own disk service,
 *   "straight on workerd": our code and workerd alone, with KV and the Cache API still
 *   Miniflare's;
 * - `miniflare`: as `wrangler dev` runs it, through Miniflare's entry worker, with the static assets
 *   read through Miniflare's assets service (router, asset worker), workers written in JavaScript
 *   that Cloudflare runs as part of its platform.
 */
export type SearchLayout = 'straight' | 'miniflare';

/** Runs `measure` on a workerd started for it over `site`'s build and KV state, then stops it. */
export async function withFreshWorkerd<T>(
  site: RunningSite,
  port: number,
  bindings: Record<string, string>,
  measure: (workerd: RunningSite, workerdPid: number) => Promise<T>,
  options: { bundleDir?: string; layout: SearchLayout },
): Promise<T> {
  const before = new Set(ownWorkerds());
  const straight = options.layout === 'straight';
  const workerd = await startWorkerd(site, port, bindings, {
    bundleDir: options.bundleDir,
    ...(straight ? { assets: 'disk', directSocket: true } : {}),
  });
  try {
    const started = ownWorkerds().filter((pid) => !before.has(pid));
    if (started.length !== 1) throw new Error(`expected one new workerd process, found ${started.length}`);
    if (straight && !workerd.directOrigin) throw new Error('workerd was started without its direct socket');
    return await measure(straight ? { ...workerd, origin: workerd.directOrigin! } : workerd, started[0]!);
  } finally {
    await workerd.stop();
  }
}

/**
 * The search figures in `layout`: `measureSearch` on a fresh workerd (`alsoMeasure` may ask that
 * workerd more before it stops), then the stream's next first queries, each on another fresh
 * workerd, and each of them again on one whose platform services are up (`firstSearchServicesUp`).
 * `queries` gives a new stream of the same queries each time.
 */
export async function searchFiguresIn(
  layout: SearchLayout,
  site: RunningSite,
  port: number,
  bindings: Record<string, string>,
  queries: () => () => string,
  options: {
    bundleDir: string;
    warmSeconds?: number;
    alsoMeasure?: (workerd: RunningSite) => Promise<void>;
    /** Fresh workerds a first-search figure is the median of (`firstSearchSamples`). */
    samples?: number;
  },
): Promise<SearchFigures> {
  const fresh = <T>(measure: (workerd: RunningSite, pid: number) => Promise<T>) =>
    withFreshWorkerd(site, port, bindings, measure, { bundleDir: options.bundleDir, layout });
  const figures = await fresh(async (workerd, pid) => {
    const measured = await measureSearch(workerd.origin, pid, queries(), { warmSeconds: options.warmSeconds });
    await options.alsoMeasure?.(workerd);
    return measured;
  });
  const samples = options.samples ?? firstSearchSamples;
  const cold: ColdSearch[] = [
    { ms: figures.coldFirstMs, cpuMs: figures.coldFirstCpuMs, isolateStartMs: figures.isolateStartMs },
  ];
  const servicesUp: FirstSearch[] = [];
  // Alternated, so that a slow spell of the machine falls on both. Sample i asks the stream's i-th
  // query, cold and with the services up: one query's cost is its own (a word of many completions
  // reads several times the pieces of a rare one), so a figure of one query would follow the site's
  // choice of first words, not its size or shape.
  const next = queries();
  const firstQueries = Array.from({ length: samples }, () => next());
  for (const [i, query] of firstQueries.entries()) {
    if (i > 0)
      cold.push(
        await fresh(async (workerd, pid) => {
          const isolateStartMs = await startIsolate(workerd.origin);
          return { ...(await firstSearch(workerd.origin, pid, query)), isolateStartMs };
        }),
      );
    servicesUp.push(await fresh((workerd, pid) => firstSearchServicesUp(workerd, pid, query)));
  }
  figures.firstSearches = { cold, servicesUp };
  figures.coldFirstMs = medianOf(cold.map((search) => search.ms))!;
  figures.coldFirstCpuMs = medianOf(cold.map((search) => search.cpuMs));
  figures.isolateStartMs = medianOf(cold.map((search) => search.isolateStartMs))!;
  figures.servicesUp = {
    ms: medianOf(servicesUp.map((search) => search.ms))!,
    cpuMs: medianOf(servicesUp.map((search) => search.cpuMs)),
  };
  return figures;
}

/** The median, rounded; null when any value is unknown. */
function medianOf(values: (number | null)[]): number | null {
  const middle = median(values.map((value) => value ?? NaN));
  return middle === null || values.includes(null) ? null : round(middle);
}

export async function timedSearch(origin: string, query: string): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  const response = await fetch(`${origin}/1/indexes/*/queries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: searchBody(query),
  });
  const body = await response.text();
  const ms = performance.now() - started;
  const ok = response.ok && body.includes('"hits"');
  return { ms, ok };
}

/**
 * `workerdPid` is the fresh workerd serving `origin`, which has not answered anything yet.
 * Warm latency: sequential requests (one connection) for `warmSeconds` or `warmMax` requests.
 */
export async function measureSearch(
  origin: string,
  workerdPid: number,
  nextQuery: () => string,
  options: { seriesQueries?: number; warmSeconds?: number; warmMax?: number } = {},
): Promise<SearchFigures> {
  const seriesQueries = options.seriesQueries ?? 200;
  const isolateStartMs = await startIsolate(origin);
  const before = processRssBytes(workerdPid);
  const cold = await firstSearch(origin, workerdPid, nextQuery());
  for (let i = 1; i < seriesQueries; i++) await timedSearch(origin, nextQuery());
  const after = processRssBytes(workerdPid);

  const times: number[] = [];
  let errors = 0;
  const cpuBefore = processRunSeconds(workerdPid);
  const until = performance.now() + (options.warmSeconds ?? 10) * 1000;
  const max = options.warmMax ?? 2000;
  while (performance.now() < until && times.length < max) {
    const { ms, ok } = await timedSearch(origin, nextQuery());
    if (ok) times.push(ms);
    else errors += 1;
  }
  const cpuAfter = processRunSeconds(workerdPid);
  const workerdRssBytes = processRssBytes(workerdPid);
  const searches = times.length + errors;
  const cpuMsPerSearch = cpuMs(cpuBefore, cpuAfter, searches);
  times.sort((a, b) => a - b);
  const percentile = (p: number) =>
    round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN);
  return {
    coldFirstMs: cold.ms,
    coldFirstCpuMs: cold.cpuMs,
    isolateStartMs: round(isolateStartMs),
    isolateGrowthBytes: after - before,
    workerdRssBytes: workerdRssBytes > 0 ? workerdRssBytes : null,
    seriesQueries,
    warm: { p50: percentile(50), p99: percentile(99), requests: times.length, errors, cpuMsPerSearch },
  };
}

/**
 * `site` is a fresh workerd (`workerdPid`) that has answered nothing: its platform services are
 * woken, its isolate started, then `query` (one of the stream's first queries) is timed.
 */
export async function firstSearchServicesUp(
  site: RunningSite,
  workerdPid: number,
  query: string,
): Promise<FirstSearch> {
  if (!site.wakeServices) throw new Error('this workerd cannot wake its services apart from the worker');
  await site.wakeServices();
  await startIsolate(site.origin);
  return firstSearch(site.origin, workerdPid, query);
}

/**
 * Starts the isolate with a request that reads nothing (a 405 from the search endpoint): the
 * script's own start-up does not grow with the site, and is reported apart. Returns its wall time.
 */
async function startIsolate(origin: string): Promise<number> {
  const startedAt = performance.now();
  await (await fetch(`${origin}/1/indexes/*/queries`)).arrayBuffer();
  return round(performance.now() - startedAt);
}

async function firstSearch(origin: string, workerdPid: number, query: string): Promise<FirstSearch> {
  const cpuBefore = processRunSeconds(workerdPid);
  const { ms, ok } = await timedSearch(origin, query);
  const cpuAfter = processRunSeconds(workerdPid);
  if (!ok) throw new Error('the first search did not answer with hits');
  return { ms: round(ms), cpuMs: cpuMs(cpuBefore, cpuAfter, 1) };
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** CPU milliseconds between two readings, a search; null when the process was gone. */
const cpuMs = (before: number | null, after: number | null, searches: number) =>
  before === null || after === null || searches === 0 ? null : round(((after - before) * 1000) / searches);
