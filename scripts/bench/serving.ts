// Serving speed side by side: the same page's HTML from serve-handler (the static
// handler of `docusaurus serve`, on Node), from the worker's edge cache, and rendered by the worker
// on every request, each loaded in turn (never at once) by autocannon with the same connections,
// duration and request headers. The worker is measured behind Miniflare's local layers and
// straight on workerd, so the table shows what those layers cost apart from our code. Ratios are
// the worker's figure over serve-handler's.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleWorker } from '../local/workerd.ts';
import type autocannon from 'autocannon';
import { runAutocannon } from './load.ts';
import { processCpuSeconds } from './process-tree.ts';
import { startWorkerd, type RunningSite } from './server.ts';
import { exportPages, readerHeaders } from './static-export.ts';
import { startStaticServer } from './static-server.ts';

export interface ServingRun {
  requestsPerSecond: number;
  /** Answers completed in the measured run. */
  answers: number;
  /** Null when no answer completed (every request outlasted the run). */
  latencyMs: { p50: number; p99: number } | null;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  /** Share of answers the worker took from its page cache (`x-html-cache: hit`), 0 to 1. */
  cacheHits: number;
  /**
   * CPU time the serving process spent per answer, in ms (workerd: the whole stack Miniflare runs,
   * its entry and asset router included; serve-handler: its Node process). Unlike req/s it hardly
   * depends on what else the machine runs. Null where /proc cannot tell.
   */
  cpuMsPerRequest: number | null;
}

export interface ServingRatio {
  /** Worker req/s ÷ serve-handler req/s: ≥ 1 means the worker answers at least as many. */
  requestsPerSecond: number | null;
  /** Worker p99 ÷ serve-handler p99: ≤ 1 means the worker's slowest 1 % is no slower. */
  p99: number | null;
  /**
   * Answers per CPU second, worker ÷ serve-handler (serve-handler's CPU ms per answer over the
   * worker's): ≥ 1 means the worker serves as many pages with the same CPU. The figure that
   * holds when other work takes the machine's cores away during a run.
   */
  answersPerCpuSecond: number | null;
}

/**
 * The worker set-ups measured against serve-handler, in the table's order: each row's name, and
 * whether it answers from the page cache (warmed before it is measured).
 */
export const workerSetups = {
  /** From the worker's page cache, through Miniflare's entry worker and static-assets router (as deployed). */
  cached: { row: 'worker cached', pageCache: true },
  /** The same, with no static-assets layer: the entry worker, workerd and our worker. */
  cachedWithoutAssets: { row: 'worker cached, no assets layer', pageCache: true },
  /** The same, straight to the worker's own socket: no entry worker either (it exists only in local Miniflare). */
  cachedStraight: { row: 'worker cached, straight on workerd', pageCache: true },
  /**
   * `HTML_CACHE_TTL=0`, entry worker and assets router in front: every request is a server render
   * (of the layout: the doc page's markup is the isolate's first render of it, worker/render/doc-page-markup.ts).
   */
  rendered: { row: 'worker rendered', pageCache: false },
  /** The same renders, straight to the worker's own socket: no entry worker, no assets layer. */
  renderedStraight: { row: 'worker rendered, straight on workerd', pageCache: false },
} as const;

export type WorkerSetup = keyof typeof workerSetups;

const setupNames = Object.keys(workerSetups) as WorkerSetup[];

export type ServingComparison = {
  route: string;
  /** Bytes of the page's HTML (the body both servers send). */
  htmlBytes: number;
  serveHandler: ServingRun;
  ratios: Record<WorkerSetup, ServingRatio>;
} & Record<WorkerSetup, ServingRun>;

/** A server under load: where it answers, and the process whose CPU time it spends. */
export interface Server {
  origin: string;
  pid?: number;
}

/** serve-handler over the exported pages, and the worker in each set-up. */
export type ServingTargets = { serveHandler: Server } & Record<WorkerSetup, Server>;

/** `worker ÷ baseline`, to two decimals; null when the baseline is 0 (nothing to compare with). */
export function ratio(worker: number, baseline: number): number | null {
  return baseline > 0 ? Math.round((worker / baseline) * 100) / 100 : null;
}

export function servingRatio(worker: ServingRun, baseline: ServingRun): ServingRatio {
  return {
    requestsPerSecond: ratio(worker.requestsPerSecond, baseline.requestsPerSecond),
    p99: worker.latencyMs && baseline.latencyMs ? ratio(worker.latencyMs.p99, baseline.latencyMs.p99) : null,
    answersPerCpuSecond:
      worker.cpuMsPerRequest && baseline.cpuMsPerRequest !== null
        ? ratio(baseline.cpuMsPerRequest, worker.cpuMsPerRequest)
        : null,
  };
}

/** The columns every table of a load run shows. */
export function runColumns(run: ServingRun): Record<string, string | number> {
  return {
    'req/s': run.requestsPerSecond,
    'p50 ms': run.latencyMs?.p50 ?? '–',
    'p99 ms': run.latencyMs?.p99 ?? '–',
    errors: run.errors,
    'cpu ms/req': run.cpuMsPerRequest ?? '–',
  };
}

/** Rows for the printed table: serve-handler then each worker set-up per page, ratios on the worker's rows. */
export function servingRows(comparisons: ServingComparison[]): Record<string, string | number>[] {
  const shown = (value: number | null) => (value === null ? '–' : value.toFixed(2));
  return comparisons.flatMap((comparison) => {
    const row = (server: string, run: ServingRun, ratios?: ServingRatio) => ({
      page: comparison.route,
      server,
      ...runColumns(run),
      'cache hits': ratios ? `${Math.floor(run.cacheHits * 100)} %` : '',
      'req/s ×': ratios ? shown(ratios.requestsPerSecond) : '',
      'p99 ×': ratios ? shown(ratios.p99) : '',
      'per cpu ×': ratios ? shown(ratios.answersPerCpuSecond) : '',
    });
    return [
      row('serve-handler', comparison.serveHandler),
      ...setupNames.map((setup) => row(workerSetups[setup].row, comparison[setup], comparison.ratios[setup])),
    ];
  });
}

/** Loads one URL; a short unmeasured run first, so every server is measured warm (JIT, caches). */
export function loadPage(server: Server, route: string, connections: number, seconds: number): Promise<ServingRun> {
  return measuredLoad(server, { url: `${server.origin}${route}`, connections }, seconds, '2xx');
}

/**
 * Runs `options` for a second unmeasured, then for `seconds`, counting cache hits and the server's
 * CPU. An answer of another class than `expected` counts as an error.
 */
export async function measuredLoad(
  server: Server,
  options: autocannon.Options,
  seconds: number,
  expected: '2xx' | '4xx',
): Promise<ServingRun> {
  const loaded = { ...options, headers: { ...readerHeaders } };
  await runAutocannon({ ...loaded, duration: 1 });
  const cpuBefore = server.pid === undefined ? null : processCpuSeconds(server.pid);
  let answers = 0;
  let hits = 0;
  const result = await runAutocannon({
    ...loaded,
    duration: seconds,
    setupClient: (client) => {
      // autocannon passes http-parser-js's info, whose `headers` is the raw list (name, value,
      // name, value…), not the object @types/autocannon declares.
      client.on('headers', (info: unknown) => {
        answers += 1;
        const raw = (info as { headers?: unknown }).headers;
        if (isHit(Array.isArray(raw) ? raw : [])) hits += 1;
      });
    },
  });
  const cpuAfter = server.pid === undefined ? null : processCpuSeconds(server.pid);
  const total = result.requests.total;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    answers: total,
    latencyMs: total > 0 ? { p50: result.latency.p50, p99: result.latency.p99 } : null,
    errors: result.errors + (expected === '2xx' ? result.non2xx : total - result['4xx']),
    cacheHits: answers > 0 ? Math.round((hits / answers) * 1000) / 1000 : 0,
    cpuMsPerRequest: cpuPerRequest(cpuBefore, cpuAfter, total),
  };
}

/** Whether a raw header list (name, value, name, value…) says the answer came from the page cache. */
export function isHit(raw: unknown[]): boolean {
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (String(raw[i]).toLowerCase() === 'x-html-cache' && raw[i + 1] === 'hit') return true;
  }
  return false;
}

/** CPU ms per answer between two readings of a process's CPU seconds; null without both or without answers. */
export function cpuPerRequest(before: number | null, after: number | null, answers: number): number | null {
  if (before === null || after === null || answers === 0) return null;
  return Math.round(((after - before) * 1000 * 1000) / answers) / 1000;
}

/** Fills the worker's page cache for `url` and waits until it answers from it. */
export async function warmPageCache(url: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(url, { headers: readerHeaders });
    await response.arrayBuffer();
    if (response.headers.get('x-html-cache') === 'hit') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never came from the worker's page cache (x-html-cache: hit) after 50 requests`);
}

/** Runs and ratios of every worker set-up, measured in the table's order after serve-handler. */
export function compareRuns(
  route: string,
  htmlBytes: number,
  serveHandler: ServingRun,
  runs: Record<WorkerSetup, ServingRun>,
): ServingComparison {
  const ratios = Object.fromEntries(
    setupNames.map((setup) => [setup, servingRatio(runs[setup], serveHandler)]),
  ) as Record<WorkerSetup, ServingRatio>;
  return { route, htmlBytes, serveHandler, ...runs, ratios };
}

export async function compareServing(
  targets: ServingTargets,
  route: string,
  htmlBytes: number,
  options: { connections: number; seconds: number },
): Promise<ServingComparison> {
  const { connections, seconds } = options;
  for (const setup of setupNames) {
    if (workerSetups[setup].pageCache) await warmPageCache(`${targets[setup].origin}${route}`);
  }
  const serveHandler = await loadPage(targets.serveHandler, route, connections, seconds);
  const runs = {} as Record<WorkerSetup, ServingRun>;
  for (const setup of setupNames) runs[setup] = await loadPage(targets[setup], route, connections, seconds);
  return compareRuns(route, htmlBytes, serveHandler, runs);
}

export interface ServingBenchOptions {
  /** The built site, its KV seeded (`startSite`). */
  site: RunningSite;
  /** A worker started with `HTML_CACHE_TTL=0`, the static-assets layer in front as deployed. */
  rendering: RunningSite;
  routes: string[];
  /**
   * The cached workers answer on this port and the next, serve-handler on the one after, the
   * rendering worker without assets on the fourth; the straight sockets take spare ports.
   */
  port: number;
  connections: number;
  seconds: number;
}

/**
 * Starts the worker with its page cache on, exports the routes' HTML from it, serves the export
 * with serve-handler, checks every server answers the same bytes, and compares them page by page.
 */
export async function benchServing(options: ServingBenchOptions): Promise<ServingComparison[]> {
  const { site, rendering, routes, port, connections, seconds } = options;
  const started: { stop: () => Promise<void> }[] = [];
  const workDir = await mkdtemp(join(tmpdir(), 'self-docs-bench-serving-'));
  started.push({ stop: () => rm(workDir, { recursive: true, force: true }) });
  const start = async <T extends { stop: () => Promise<void> }>(server: Promise<T>): Promise<T> => {
    const running = await server;
    started.push(running);
    return running;
  };
  try {
    const bundleDir = await bundleWorker(workDir);
    const cacheOn = { HTML_CACHE_TTL: '300' };
    const cached = await start(startWorkerd(site, port, cacheOn, { bundleDir }));
    const withoutAssets = await start(
      startWorkerd(site, port + 1, cacheOn, { bundleDir, assets: false, directSocket: true }),
    );
    const renderedStraight = await start(
      startWorkerd(site, port + 3, { HTML_CACHE_TTL: '0' }, { bundleDir, assets: false, directSocket: true }),
    );
    const exportDir = join(workDir, 'export');
    const htmlBytes = await exportPages(cached.origin, routes, exportDir);
    const staticServer = await start(startStaticServer(exportDir, port + 2));
    const targets: ServingTargets = {
      serveHandler: { origin: staticServer.origin, pid: staticServer.pid },
      cached: { origin: cached.origin, pid: cached.workerdPid },
      cachedWithoutAssets: { origin: withoutAssets.origin, pid: withoutAssets.workerdPid },
      cachedStraight: { origin: directOrigin(withoutAssets), pid: withoutAssets.workerdPid },
      rendered: { origin: rendering.origin, pid: rendering.workerdPid },
      renderedStraight: { origin: directOrigin(renderedStraight), pid: renderedStraight.workerdPid },
    };
    const origins = Object.values(targets).map((target) => target.origin);
    for (const route of routes) await expectSameHtml(route, origins);
    const comparisons: ServingComparison[] = [];
    for (const route of routes) {
      comparisons.push(await compareServing(targets, route, htmlBytes[route]!, { connections, seconds }));
      console.log(`serving ${route}: measured`);
    }
    return comparisons;
  } finally {
    for (const server of started.reverse()) await server.stop();
  }
}

function directOrigin(site: RunningSite): string {
  if (!site.directOrigin) throw new Error(`${site.origin}: workerd was started without a direct socket`);
  return site.directOrigin;
}

/** Every server must send the very same page, or the comparison would be of two different things. */
async function expectSameHtml(route: string, origins: string[]): Promise<void> {
  const bodies = await Promise.all(
    origins.map(async (origin) => (await fetch(`${origin}${route}`, { headers: readerHeaders })).text()),
  );
  if (new Set(bodies).size !== 1)
    throw new Error(`${route}: ${origins.join(' and ')} answered different HTML; the comparison would not be fair`);
}
