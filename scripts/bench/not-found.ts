// Unknown paths against a cached page, on the worker as deployed (page cache on, the static-assets
// router in front): `npm run bench` checks that a random path does not cost much more than a page
// from the cache (the goal: unknown paths' req/s at least half the cached page's).

import type autocannon from 'autocannon';
import { startWorkerd, type RunningSite } from './server.ts';
import { loadPage, measuredLoad, ratio, runColumns, warmPageCache, type Server, type ServingRun } from './serving.ts';

/** A cached page and distinct unknown paths, each loaded in turn on one worker with its page cache on. */
export interface NotFoundComparison {
  /** The cached page measured beside the unknown paths. */
  route: string;
  connections: number;
  seconds: number;
  cached: ServingRun;
  /** Every request a path never asked before: each answers 404 (answers of any other status are errors). */
  notFound: ServingRun;
  /** Unknown paths' req/s ÷ the cached page's: the goal is ≥ 0.5. */
  ratio: number | null;
}

/**
 * Distinct unknown paths against a cached page, on the worker as deployed (page cache on, the
 * static-assets router in front): a random path must not cost much more than a page from the cache.
 */
export async function benchNotFound(options: {
  site: RunningSite;
  route: string;
  port: number;
  connections: number;
  seconds: number;
}): Promise<NotFoundComparison> {
  const { site, route, port, connections, seconds } = options;
  const worker = await startWorkerd(site, port, { HTML_CACHE_TTL: '300' });
  try {
    const server = { origin: worker.origin, pid: worker.workerdPid };
    await warmPageCache(`${worker.origin}${route}`);
    const cached = await loadPage(server, route, connections, seconds);
    const notFound = await loadUnknownPaths(server, connections, seconds);
    return {
      route,
      connections,
      seconds,
      cached,
      notFound,
      ratio: ratio(notFound.requestsPerSecond, cached.requestsPerSecond),
    };
  } finally {
    await worker.stop();
  }
}

/** Loads a new path on every request (`/missing/<run>-<n>`), after a short unmeasured run. */
function loadUnknownPaths(server: Server, connections: number, seconds: number): Promise<ServingRun> {
  const run = Date.now().toString(36);
  let counter = 0;
  const requests = [
    {
      setupRequest: (request: autocannon.Request) => ({ ...request, path: `/missing/${run}-${(counter += 1)}` }),
    },
  ];
  // Here a 404 is the answer expected; anything else is an error.
  return measuredLoad(server, { url: server.origin, connections, requests }, seconds, '4xx');
}

/** Rows for the printed table: the cached page, then the unknown paths with their ratio to it. */
export function notFoundRows(comparison: NotFoundComparison): Record<string, string | number>[] {
  const row = (what: string, run: ServingRun, shownRatio: string) => ({
    what,
    ...runColumns(run),
    'cache hits': `${Math.floor(run.cacheHits * 100)} %`,
    'req/s ×': shownRatio,
  });
  return [
    row(`cached page ${comparison.route}`, comparison.cached, ''),
    row(
      'distinct unknown paths (404)',
      comparison.notFound,
      comparison.ratio === null ? '–' : comparison.ratio.toFixed(2),
    ),
  ];
}
