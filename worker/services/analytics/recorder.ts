// Searches and clicks are added up in this isolate and written to D1 after the response,
// through waitUntil: a search never waits on D1, and a D1 failure is logged, never answered.
// What waits is bounded in entries, and one flush writes a bounded number of statements (D1
// allows 50 queries per invocation on the free plan); the rest waits for the next flush.

import type { Env } from '../../env.ts';
import { normaliseQuery } from './normalise.ts';
import {
  countedEventStatements,
  defaultQueriesPerDay,
  eventsPerStatement,
  otherQueriesRow,
  searchCountStatements,
  type CountedEvent,
  type SearchCount,
} from './store.ts';

/** Statements one flush sends to D1, well under the free plan's 50 per invocation. */
export const statementsPerFlush = 20;
/** Distinct queries waiting in an isolate; past it, further queries wait as "other queries". */
const maxPendingQueries = 1000;
/** Events waiting in an isolate; past it, further events are dropped (and the drop logged). */
const maxPendingEvents = 4000;

const pendingSearches = new Map<string, SearchCount>();
const pendingEvents = new Map<string, CountedEvent>();
let droppedEvents = 0;
/** This isolate's last write to D1: each waits for the one before it. */
let writing: Promise<void> = Promise.resolve();

export interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}

/** Counts one search (empty queries are not searches); nothing without the database. */
export function countSearch(env: Env, query: string, nbHits: number): void {
  if (!env.ANALYTICS) return;
  const normalised = normaliseQuery(query);
  if (normalised) addSearches({ query: normalised, searches: 1, zeroResults: nbHits === 0 ? 1 : 0 });
}

/** Counts a click or view of a signed search once per isolate until written; nothing without the database. */
export function countEvent(env: Env, event: CountedEvent): void {
  if (env.ANALYTICS) addEvent(event);
}

/** Adds to what waits for `count.query`, or to "other queries" once too many distinct queries wait. */
function addSearches(count: SearchCount): void {
  const key =
    pendingSearches.has(count.query) || pendingSearches.size < maxPendingQueries ? count.query : otherQueriesRow;
  const waiting = pendingSearches.get(key) ?? { query: key, searches: 0, zeroResults: 0 };
  waiting.searches += count.searches;
  waiting.zeroResults += count.zeroResults;
  pendingSearches.set(key, waiting);
}

/** Keeps an event until written, once per search and position; past the bound it is dropped. */
function addEvent(event: CountedEvent): void {
  const key = `${event.search}:${event.position}`;
  if (pendingEvents.has(key)) return;
  if (pendingEvents.size >= maxPendingEvents) droppedEvents += 1;
  else pendingEvents.set(key, event);
}

/** How much is waiting to be written (for tests: nothing may wait without the database). */
export function pendingAnalytics(): { searches: number; events: number } {
  return { searches: pendingSearches.size, events: pendingEvents.size };
}

function queriesPerDay(env: Env): number {
  const cap = Number(env.ANALYTICS_QUERIES_PER_DAY);
  return Number.isInteger(cap) && cap > 0 ? cap : defaultQueriesPerDay;
}

/**
 * Waits before each try again of a batch the database refused as busy (another connection held
 * its lock: local D1 read by `wrangler d1 execute` while `npm start` writes, say, which on a
 * loaded machine holds it for seconds). A batch is one transaction, so a refused one wrote
 * nothing and can be sent again; other errors are not retried. The waits add up to ~25 s, inside
 * the 30 s a Worker's waitUntil may run after its response; a batch still refused then is put
 * back, to go with the next flush.
 */
export const busyRetryMs = [100, 400, 1600, 3200, 6400, 12800];

const busy = (error: unknown) => /SQLITE_BUSY|database is locked/i.test(String(error));

/** Whether the batch was written; false when the database stayed busy through every wait. */
async function batchWhenFree(db: D1Database, statements: D1PreparedStatement[]): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      await db.batch(statements);
      return true;
    } catch (error) {
      if (!busy(error)) throw error;
      const wait = busyRetryMs[attempt];
      if (wait === undefined) return false;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Counts a busy database refused, back with those waiting (within the same bounds). */
function putBack(searches: SearchCount[], events: CountedEvent[]): void {
  for (const count of searches) addSearches(count);
  for (const event of events) addEvent(event);
}

/** Removes and returns up to `count` entries, oldest first. */
function take<T>(pending: Map<string, T>, count: number): T[] {
  const taken: T[] = [];
  for (const [key, value] of pending) {
    if (taken.length >= count) break;
    taken.push(value);
    pending.delete(key);
  }
  return taken;
}

/** Writes up to `statementsPerFlush` statements of what this isolate counted, after the response. */
export function flushAnalytics(env: Env, ctx: WaitUntil): void {
  if (!env.ANALYTICS) {
    pendingSearches.clear();
    pendingEvents.clear();
    return;
  }
  if (droppedEvents > 0) {
    console.warn(`search analytics: ${droppedEvents} click and view events dropped, too many waiting to be written`);
    droppedEvents = 0;
  }
  if (pendingSearches.size === 0 && pendingEvents.size === 0) return;
  const db = env.ANALYTICS;
  const perDay = queriesPerDay(env);
  // After every earlier write of this isolate, and taken only then: what a busy database refused
  // is back among the waiting by the time the next write takes its share.
  const write = writing
    .then(async () => {
      const searches = take(pendingSearches, statementsPerFlush);
      const events = take(pendingEvents, (statementsPerFlush - searches.length) * eventsPerStatement);
      if (searches.length === 0 && events.length === 0) return;
      // Searches first, in the same batch (one transaction): a click adds to the row its search
      // creates, and must not arrive before it.
      const statements = [...searchCountStatements(db, searches, perDay), ...countedEventStatements(db, events)];
      if (await batchWhenFree(db, statements)) return;
      putBack(searches, events);
      console.warn('search analytics: the database stayed busy; the counts wait for the next write');
    })
    .catch((error: unknown) => console.error('search analytics write failed', error));
  writing = write;
  ctx.waitUntil(write);
}
