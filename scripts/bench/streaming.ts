// The head's start under a slow KV: the built site under wrangler dev, its worker wrapped by
// slow-kv-worker.ts so that every KV read answers `kvLatencyMs` late, as a read that misses the
// edge's cache does on Cloudflare. Three servers, one at a time:
//
// - cached: the page from the page cache (warmed first), as most readers get it;
// - uncached, whole: a page this isolate has not read (its page and sidebar read from KV, the
//   manifest and route table in memory), the answer held to its last byte as before streaming;
// - uncached, streamed: the same page as the worker sends it now, the head's start first.
//
// For each: time to first byte and to last byte of the page (median of `requests`), the time a
// redirect on the same server takes (answered as soon as its route is known, so the moment the
// page's route is known too), and Lighthouse FCP/LCP, with Lighthouse's simulated slow network and
// as measured on loopback.

import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { lighthouseMedian } from './lighthouse.ts';
import { median } from './lighthouse-median.ts';
import { startSite } from './server.ts';

export interface StreamingRow {
  setup: 'cached' | 'uncached, whole' | 'uncached, streamed';
  /** Median ms from the request to the page's first body byte. */
  ttfbMs: number | null;
  /** Median ms to its last byte. */
  lastByteMs: number | null;
  /** Median ms to a redirect's answer on the same server: when a route is known. */
  routeKnownMs: number | null;
  /** Lighthouse medians, its simulated slow phone network; null where no run measured it. */
  simulated: { fcpMs: number | null; lcpMs: number | null; runs: number };
  /** Lighthouse medians as measured on loopback (no throttling). */
  measured: { fcpMs: number | null; lcpMs: number | null; runs: number };
}

export interface StreamingResult {
  kvLatencyMs: number;
  route: string;
  requests: number;
  lighthouseRuns: number;
  rows: StreamingRow[];
}

export interface StreamingOptions {
  outDir: string;
  route: string;
  port: number;
  kvLatencyMs: number;
  requests: number;
  lighthouseRuns: number;
}

const setups: { setup: StreamingRow['setup']; vars: Record<string, string> }[] = [
  { setup: 'cached', vars: {} },
  { setup: 'uncached, whole', vars: { HTML_CACHE_TTL: '0', BENCH_FORGET_PAGES: '1', BENCH_WHOLE_HTML: '1' } },
  { setup: 'uncached, streamed', vars: { HTML_CACHE_TTL: '0', BENCH_FORGET_PAGES: '1' } },
];

export async function benchStreaming(options: StreamingOptions): Promise<StreamingResult> {
  const rows: StreamingRow[] = [];
  for (const { setup, vars } of setups) {
    const site = await startSite(options.outDir, options.port, {
      entry: 'scripts/bench/slow-kv-worker.ts',
      production: true,
      vars: { ...vars, BENCH_KV_LATENCY_MS: String(options.kvLatencyMs) },
    });
    try {
      const page = `${site.origin}${options.route}`;
      // The canonical spelling's redirect: answered once the route is known.
      const redirect = `${page}/`;
      // The isolate started, React loaded, the manifest and route table read; the cached setup's page cached.
      for (let warm = 0; warm < 3; warm++) await timed(page);
      const times = [];
      for (let run = 0; run < options.requests; run++) {
        const route = await timed(redirect);
        const answer = await timed(page);
        times.push({ route: route.firstByteMs, first: answer.firstByteMs, last: answer.lastByteMs });
      }
      // The build pointer is trusted for 10 s: read it again just before each load, for every setup alike.
      const before = async () => void (await timed(redirect));
      const simulated = await lighthouseMedian(page, options.lighthouseRuns, { before });
      const measured = await lighthouseMedian(page, options.lighthouseRuns, { before, throttlingMethod: 'provided' });
      const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
      rows.push({
        setup,
        ttfbMs: round(median(times.map((time) => time.first))),
        lastByteMs: round(median(times.map((time) => time.last))),
        routeKnownMs: round(median(times.map((time) => time.route))),
        simulated: {
          fcpMs: round(simulated.scores.fcpMs),
          lcpMs: round(simulated.scores.lcpMs),
          runs: simulated.measuredRuns,
        },
        measured: {
          fcpMs: round(measured.scores.fcpMs),
          lcpMs: round(measured.scores.lcpMs),
          runs: measured.measuredRuns,
        },
      });
      console.log(`streaming: ${setup} measured`);
    } finally {
      await site.stop();
    }
  }
  return {
    kvLatencyMs: options.kvLatencyMs,
    route: options.route,
    requests: options.requests,
    lighthouseRuns: options.lighthouseRuns,
    rows,
  };
}

/** A GET as a browser's first visit sends it: ms to the first body byte (the head, without a body) and to the last. */
function timed(url: string): Promise<{ firstByteMs: number; lastByteMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs: number | undefined;
    const sent = request(url, { headers: { accept: 'text/html', 'accept-encoding': 'identity' } }, (response) => {
      response.on('data', () => (firstByteMs ??= performance.now() - started));
      response.on('end', () => {
        const lastByteMs = performance.now() - started;
        resolve({ firstByteMs: firstByteMs ?? lastByteMs, lastByteMs });
      });
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The table's rows: one per setup, with the gaps the goals name. */
export function streamingRows(result: StreamingResult): Record<string, string | number>[] {
  const cached = result.rows.find((row) => row.setup === 'cached');
  const shown = (value: number | null) => (value === null ? '–' : value);
  const gap = (value: number | null, base: number | null | undefined) =>
    value === null || base === null || base === undefined ? '–' : Math.round((value - base) * 10) / 10;
  return result.rows.map((row) => ({
    setup: row.setup,
    'route known ms': shown(row.routeKnownMs),
    'TTFB ms': shown(row.ttfbMs),
    'TTFB − route ms': gap(row.ttfbMs, row.routeKnownMs),
    'last byte ms': shown(row.lastByteMs),
    'FCP ms (sim)': shown(row.simulated.fcpMs),
    'LCP ms (sim)': shown(row.simulated.lcpMs),
    'FCP ms (loopback)': shown(row.measured.fcpMs),
    'LCP ms (loopback)': shown(row.measured.lcpMs),
    'FCP − cached (loopback)': gap(row.measured.fcpMs, cached?.measured.fcpMs),
  }));
}
