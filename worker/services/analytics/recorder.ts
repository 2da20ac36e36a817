// Searches and clicks are added up in this isolate and written to D1 after the response,
// through waitUntil: a search never waits on D1, and a D1 failure is logged, never answered.

import type { Env } from '../../env.ts';
import { normaliseQuery, queryIdFor } from './normalise.ts';
import { writeClickCounts, writeSearchCounts, type ClickCount, type SearchCount } from './store.ts';

const pendingSearches = new Map<string, SearchCount>();
const pendingClicks = new Map<string, ClickCount>();
/** This isolate's last write to D1: each waits for the one before it. */
let writing: Promise<void> = Promise.resolve();

export interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}

/** Counts one search (empty queries are not searches). */
export function countSearch(query: string, nbHits: number): void {
  const normalised = normaliseQuery(query);
  if (!normalised) return;
  const count = pendingSearches.get(normalised) ?? {
    query: normalised,
    queryId: queryIdFor(normalised),
    searches: 0,
    zeroResults: 0,
  };
  count.searches += 1;
  if (nbHits === 0) count.zeroResults += 1;
  pendingSearches.set(normalised, count);
}

/** Counts a click (1-based `position`) or views for the search that answered with `queryId`. */
export function countInsight(queryId: string, event: { clicks?: number; positionSum?: number; views?: number }): void {
  const count = pendingClicks.get(queryId) ?? { queryId, clicks: 0, positionSum: 0, views: 0 };
  count.clicks += event.clicks ?? 0;
  count.positionSum += event.positionSum ?? 0;
  count.views += event.views ?? 0;
  pendingClicks.set(queryId, count);
}

/** Writes what this isolate has counted so far, after the response; no-op without the binding. */
export function flushAnalytics(env: Env, ctx: WaitUntil): void {
  if (!env.ANALYTICS || (pendingSearches.size === 0 && pendingClicks.size === 0)) return;
  const searches = [...pendingSearches.values()];
  const clicks = [...pendingClicks.values()];
  pendingSearches.clear();
  pendingClicks.clear();
  const db = env.ANALYTICS;
  // Searches first, and after every earlier write of this isolate: a click updates the row its
  // search creates, and a click that follows its search by less than a write would find none.
  const write = writing
    .then(async () => {
      await writeSearchCounts(db, searches);
      await writeClickCounts(db, clicks);
    })
    .catch((error: unknown) => console.error('search analytics write failed', error));
  writing = write;
  ctx.waitUntil(write);
}
