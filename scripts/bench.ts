// `npm run bench`: build, serve locally (wrangler dev / workerd on 127.0.0.1), measure page
// weight, Lighthouse (mobile, median of 3), serving speed against serve-handler (cached and
// rendered pages, scripts/bench/serving.ts) and search under load; print a table and
// write dist/bench/results.json. It reports; it does not fail on a slow machine. It exits as
// soon as it has printed: the servers it started are stopped with everything they started.
// `npm run bench -- --pages 41,1000,10000` runs the scale bench instead (scripts/bench/scale.ts).
// `npm run bench -- --live-reload` times the author's loop under npm start (scripts/bench/live-reload.ts).
// `npm run bench -- --search-edits` times a one-page rebuild's search step (scripts/bench/search-edits.ts).
// `npm run bench -- --not-found` runs only distinct unknown paths against a cached page.
// `npm run bench -- --startup [--startup-compare BUNDLE_DIR]` runs only the cold isolate's figures
// (scripts/bench/startup.ts), optionally beside another `wrangler deploy --dry-run --outdir` bundle.
// `npm run bench -- --streaming` runs only the head's start under a slow KV (scripts/bench/streaming.ts)
// and puts its figures into dist/bench/results.json beside the others already there.

import { existsSync, readdirSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { kvKeys } from '../client/contract/storage.ts';
import { parseArgs } from './cli/args.ts';
import { lighthouseMedian } from './bench/lighthouse.ts';
import { benchLiveReload } from './bench/live-reload.ts';
import { benchSearchEdits } from './bench/search-edits.ts';
import type { LighthouseScores } from './bench/lighthouse-median.ts';
import { searchBody, searchLoad } from './bench/load.ts';
import { pageWeight, type PageWeight } from './bench/page-weight.ts';
import { runScaleBench } from './bench/scale.ts';
import { writeReportBeside } from './bench/report/build-report.ts';
import { benchSearchDeadline, type SearchDeadlineResult } from './bench/search-deadline.ts';
import { benchNotFound, notFoundRows, type NotFoundComparison } from './bench/not-found.ts';
import { benchServing, servingRows, type ServingComparison } from './bench/serving.ts';
import { startSite, startWorkerd } from './bench/server.ts';
import { benchStartup, type StartupResult, type StartupTimes } from './bench/startup.ts';
import { benchStreaming, streamingRows, type StreamingResult } from './bench/streaming.ts';
import { seedLocalKv } from './local/local-kv.ts';
import { readKvEntries } from './compiler/outputs/kv-writer.ts';
import { runBuild } from './compiler/pipeline.ts';

if (process.argv.includes('--pages')) await runScaleBench(process.argv.slice(2));
if (process.argv.includes('--search-edits')) {
  await benchSearchEdits(process.argv.slice(2));
  process.exit(0);
}
if (process.argv.includes('--live-reload')) {
  await benchLiveReload(process.argv.slice(2));
  process.exit(0);
}

const args = parseArgs(process.argv.slice(2));
const routes = ['/', '/technical-docs/PoAI/proof-of-ai', '/technical-docs/Constellation/Industry_Validation_Rules'];
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const loadSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const port = Number(process.env.BENCH_PORT ?? 8795);
const startupRounds = Number(process.env.BENCH_STARTUP_ROUNDS ?? 9);
/** The injected KV latency of the streaming figures: a read that misses the edge's cache. */
const kvLatencyMs = Number(process.env.BENCH_KV_LATENCY_MS ?? 100);
const streamingRequests = Number(process.env.BENCH_STREAMING_REQUESTS ?? 15);

try {
  if (process.argv.includes('--not-found')) await benchNotFoundOnly();
  else if (process.argv.includes('--streaming')) await benchStreamingOnly();
  else if (process.argv.includes('--startup')) await benchStartupOnly();
  else await bench();
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// Nothing we started is left running; exit now rather than wait on any handle a library keeps.
process.exit(0);

async function bench() {
  const buildStarted = performance.now();
  const build = await runBuild({ siteDir: args.content, outDir: args.out });
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  console.log(`build: ${build.pages.length} pages in ${buildSeconds.toFixed(2)} s`);
  // First, while nothing else of the bench runs: fresh workerds are timed one at a time.
  const startup = await measureStartup();

  const index = await searchIndexBytes(args.out);
  const assetsDir = join(args.out, 'client', 'assets');
  // The search modal's lazy chunk, named after client/search/open-modal.ts (what the search button imports).
  const modalChunk = await readFile(
    join(
      assetsDir,
      readdirSync(assetsDir).find((name) => name.startsWith('open-modal-'))!,
    ),
  );

  const site = await startSite(args.out, port);
  try {
    const pages: BenchResults['pages'] = {};
    for (const route of routes) {
      const weight = await pageWeight(site.origin, route);
      const lighthouse = await lighthouseMedian(`${site.origin}${route}`, lighthouseRuns);
      const { requests, ...scores } = lighthouse.scores;
      pages[route] = {
        htmlBytes: weight.htmlBytes,
        htmlGzipBytes: weight.htmlGzipBytes,
        firstLoadJsBytes: weight.firstLoadJsBytes,
        firstLoadJsGzipBytes: weight.firstLoadJsGzipBytes,
        cssGzipBytes: weight.cssGzipBytes,
        requests,
        lighthouse: { ...scores, runs: lighthouse.measuredRuns, failedRuns: lighthouse.failures },
      };
      console.log(`page ${route}: measured`);
    }

    // Load goes straight to workerd; this one renders every page anew (no HTML cache).
    const workerd = await startWorkerd(site, port + 1, { HTML_CACHE_TTL: '0', SEARCH_CACHE_TTL: '300' });
    let serving, notFound, uncached, cached;
    try {
      // Warm the isolate (manifest and search index in memory) before timing.
      await fetch(`${workerd.origin}${routes[1]}`);
      await fetch(`${workerd.origin}/1/indexes/*/queries`, { method: 'POST', body: searchBody('warm up') });
      serving = await benchServing({
        site,
        rendering: workerd,
        routes,
        port: port + 2,
        connections,
        seconds: loadSeconds,
      });
      notFound = await benchNotFound({ site, route: routes[1]!, port: port + 6, connections, seconds: loadSeconds });
      // Latency is per request: one connection, so no request waits behind another.
      uncached = await searchLoad(workerd.origin, 'uncached', 1, loadSeconds);
      cached = await searchLoad(workerd.origin, 'cached', 1, loadSeconds);
    } finally {
      await workerd.stop();
    }
    // Algolia hanging: how long a search waits before the embedded index answers, then after.
    const hangingUpstream = await benchSearchDeadline(site, port + 7);
    const streaming = await measureStreaming();

    const results: BenchResults = {
      pages,
      startup,
      serving: { connections, seconds: loadSeconds, pages: serving },
      notFound,
      streaming,
      search: {
        uncached: uncached.latencyMs,
        cached: cached.latencyMs,
        requestsPerSecond: cached.requestsPerSecond,
        indexBytes: index.bytes,
        indexGzipBytes: index.gzipBytes,
        modalChunkGzipBytes: gzipSync(modalChunk).length,
        hangingUpstream,
      },
      build: { seconds: Number(buildSeconds.toFixed(2)), pages: build.pages.length },
      machine: { cpus: cpus().length, node: process.version, date: new Date().toISOString() },
    };
    await mkdir(join(args.out, 'bench'), { recursive: true });
    await writeFile(join(args.out, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    const report = await writeReportBeside(join(args.out, 'bench', 'results.json'));
    printStartup(results.startup);
    printTable(results, {
      searchErrors: uncached.errors + cached.errors,
      uncachedRps: uncached.requestsPerSecond,
    });
    console.log(`\nwritten ${join(args.out, 'bench', 'results.json')}${report ? ` and its report, ${report}` : ''}`);
  } finally {
    await site.stop();
  }
}

/** Only the unknown-paths figure: build, seed KV, measure (no Lighthouse, no other load). */
async function benchNotFoundOnly() {
  await runBuild({ siteDir: args.content, outDir: args.out });
  const site = await startSite(args.out, port);
  try {
    printNotFound(await benchNotFound({ site, route: routes[1]!, port: port + 6, connections, seconds: loadSeconds }));
  } finally {
    await site.stop();
  }
}

/** Only the streaming figures: build, measure, and keep them in results.json beside the others. */
async function benchStreamingOnly() {
  await runBuild({ siteDir: args.content, outDir: args.out });
  const streaming = await measureStreaming();
  printStreaming(streaming);
  const file = join(args.out, 'bench', 'results.json');
  const results = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Partial<BenchResults>) : {};
  await mkdir(join(args.out, 'bench'), { recursive: true });
  await writeFile(file, `${JSON.stringify({ ...results, streaming }, null, 2)}\n`);
  console.log(`\nwritten ${file}`);
}

function measureStreaming(): Promise<StreamingResult> {
  return benchStreaming({
    outDir: args.out,
    route: routes[1]!,
    port: port + 8,
    kvLatencyMs,
    requests: streamingRequests,
    lighthouseRuns,
  });
}

function printStreaming(result: StreamingResult) {
  console.log(
    `\nA page under a slow KV (every read ${result.kvLatencyMs} ms late; ${result.route}; median of ${result.requests} requests, Lighthouse median of ${result.lighthouseRuns})`,
  );
  console.table(streamingRows(result));
}

/** Only the cold isolate's figures: build, seed KV, start fresh workerds (no wrangler dev, no load). */
async function benchStartupOnly() {
  await runBuild({ siteDir: args.content, outDir: args.out });
  printStartup(await measureStartup());
}

/** The startup bench over the build in args.out, on a KV state of its own. */
async function measureStartup(): Promise<StartupResult> {
  const persist = await mkdtemp(join(tmpdir(), 'self-docs-bench-startup-kv-'));
  try {
    await seedLocalKv({ outDir: args.out, persistTo: persist });
    const compareAt = process.argv.indexOf('--startup-compare');
    const compareBundleDir = compareAt === -1 ? undefined : process.argv[compareAt + 1];
    return await benchStartup({ persist, route: routes[1]!, rounds: startupRounds, compareBundleDir });
  } finally {
    await rm(persist, { recursive: true, force: true });
  }
}

function printStartup(result: StartupResult) {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `\nA cold isolate: start to first answer, a fresh workerd each time, median of ${result.rounds} (worker script ${kib(result.script.bytes)}, ${kib(result.script.gzipBytes)} gzip; first render: ${result.route})`,
  );
  const row = (worker: string, times: StartupTimes) => ({
    worker,
    'no render ms': times.noRenderMs,
    'first render ms': times.firstRenderMs,
    'no render cpu ms': times.noRenderCpuMs,
    'first render cpu ms': times.firstRenderCpuMs,
  });
  console.table([
    row('one-line worker', result.oneLine),
    row('self-docs', result.worker),
    row('overhead', result.overhead),
    ...(result.compared
      ? [
          row(`compared (${kib(result.compared.script.bytes)})`, result.compared.times),
          row('compared overhead', result.compared.overhead),
        ]
      : []),
  ]);
}

function printNotFound(comparison: NotFoundComparison) {
  const { connections, seconds } = comparison;
  console.log(
    `\nUnknown paths (autocannon, ${connections} connections, ${seconds} s each, a new path every request; × = ÷ the cached page)`,
  );
  console.table(notFoundRows(comparison));
}

/** Every piece of the build's search index, in KV or as static assets: raw and gzip bytes. */
async function searchIndexBytes(outDir: string): Promise<{ bytes: number; gzipBytes: number }> {
  const pieces = (await readKvEntries(outDir))
    .filter((entry) => entry.key.startsWith(kvKeys.searchPiece('')))
    .map((entry) => Buffer.from(entry.value));
  const assetsDir = join(outDir, 'client', 'assets', 'search');
  if (existsSync(assetsDir)) {
    for (const name of readdirSync(assetsDir)) pieces.push(await readFile(join(assetsDir, name)));
  }
  return {
    bytes: pieces.reduce((sum, piece) => sum + piece.length, 0),
    gzipBytes: pieces.reduce((sum, piece) => sum + gzipSync(piece).length, 0),
  };
}

interface BenchResults {
  /** Script bytes and a fresh workerd's first answers, beside a one-line worker's. */
  startup: StartupResult;
  pages: Record<
    string,
    Omit<PageWeight, 'scripts'> & {
      requests: number | null;
      /** Medians of the measured runs (null: no run measured it); failedRuns says why others failed. */
      lighthouse: Omit<LighthouseScores, 'requests'> & { runs: number; failedRuns: string[] };
    }
  >;
  /** Each page from serve-handler, the worker's page cache and a fresh render, loaded in turn. */
  serving: { connections: number; seconds: number; pages: ServingComparison[] };
  /** Distinct unknown paths (404) against a cached page, on the worker as deployed. */
  notFound: NotFoundComparison;
  /** A page under an injected KV latency: cached, uncached whole (before streaming), uncached streamed. */
  streaming: StreamingResult;
  search: {
    uncached: { p50: number; p99: number };
    cached: { p50: number; p99: number };
    requestsPerSecond: number;
    indexBytes: number;
    indexGzipBytes: number;
    modalChunkGzipBytes: number;
    hangingUpstream: SearchDeadlineResult;
  };
  build: { seconds: number; pages: number };
  machine: { cpus: number; node: string; date: string };
}

/** A median for the table: rounded, or '–' when no run measured it. */
function shown(value: number | null, digits?: number): number | string {
  if (value === null) return '–';
  return digits === undefined ? value : Number(value.toFixed(digits));
}

function printTable(results: BenchResults, extra: { searchErrors: number; uncachedRps: number }) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows = Object.entries(results.pages).map(([route, page]) => ({
    page: route,
    html: `${kb(page.htmlBytes)} (${kb(page.htmlGzipBytes)} gz)`,
    js: `${kb(page.firstLoadJsGzipBytes)} gz`,
    css: `${kb(page.cssGzipBytes)} gz`,
    req: shown(page.requests),
    perf: shown(page.lighthouse.performance),
    a11y: shown(page.lighthouse.accessibility),
    bp: shown(page.lighthouse.bestPractices),
    seo: shown(page.lighthouse.seo),
    'FCP ms': shown(page.lighthouse.fcpMs, 0),
    'LCP ms': shown(page.lighthouse.lcpMs, 0),
    'TBT ms': shown(page.lighthouse.tbtMs, 0),
    CLS: shown(page.lighthouse.cls, 3),
    runs: page.lighthouse.runs,
  }));
  console.log('\nPages (Lighthouse mobile, median of the measured runs)');
  console.table(rows);
  for (const [route, page] of Object.entries(results.pages)) {
    for (const failure of page.lighthouse.failedRuns) console.log(`  ${route}: a run left out: ${failure}`);
  }
  const { connections, seconds } = results.serving;
  console.log(
    `\nServing the same HTML (autocannon, ${connections} connections, ${seconds} s each, one server at a time; × = worker ÷ serve-handler)`,
  );
  console.table(servingRows(results.serving.pages));
  printNotFound(results.notFound);
  console.log('\nSearch (autocannon, one connection)');
  console.table([
    {
      what: 'search uncached',
      'req/s': extra.uncachedRps,
      'p50 ms': results.search.uncached.p50,
      'p99 ms': results.search.uncached.p99,
      errors: extra.searchErrors,
    },
    {
      what: 'search cached',
      'req/s': results.search.requestsPerSecond,
      'p50 ms': results.search.cached.p50,
      'p99 ms': results.search.cached.p99,
      errors: '',
    },
  ]);
  const hanging = results.search.hangingUpstream;
  console.log(
    `\nsearch with Algolia hanging (4 hosts): first ${hanging.firstMs} ms, next ${hanging.following.count} p50 ${hanging.following.p50Ms} ms, max ${hanging.following.maxMs} ms; connections after the first: ${hanging.connections.following}`,
  );
  console.log(
    `\nsearch index (all pieces) ${kb(results.search.indexBytes)} (${kb(results.search.indexGzipBytes)} gz), modal chunk ${kb(results.search.modalChunkGzipBytes)} gz; build ${results.build.seconds} s for ${results.build.pages} pages`,
  );
}
