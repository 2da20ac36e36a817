import { describe, expect, it, vi } from 'vitest';
import {
  busyRetryMs,
  countEvent,
  countSearch,
  flushAnalytics,
  pendingAnalytics,
  statementsPerFlush,
} from '../../../../../worker/services/analytics/recorder.ts';
import type { Env } from '../../../../../worker/env.ts';

/** A D1 stand-in whose batches finish in the order `delays` gives, recording each batch's statements. */
function slowDb(delays: number[] = []) {
  const log: string[] = [];
  const batches: string[][] = [];
  /** The values bound to each statement, in the order written. */
  const bound: unknown[][] = [];
  let call = 0;
  const db = {
    prepare: (sql: string) => ({
      bind: (...values: unknown[]) => {
        bound.push(values);
        return { sql };
      },
    }),
    batch: async (statements: { sql: string }[]) => {
      const kinds = statements.map((s) => (s.sql.includes('counted_events') ? 'events' : 'searches'));
      batches.push(kinds);
      const delay = delays[call++] ?? 0;
      log.push(`start ${[...new Set(kinds)].join('+')}`);
      await new Promise((done) => setTimeout(done, delay));
      log.push(`end ${[...new Set(kinds)].join('+')}`);
      return [];
    },
  };
  return { env: { ANALYTICS: db } as unknown as Env, log, batches, bound };
}

function collector() {
  const pending: Promise<unknown>[] = [];
  return {
    ctx: { waitUntil: (promise: Promise<unknown>) => void pending.push(promise) },
    settled: () => Promise.all(pending),
  };
}

const busy = 'D1_ERROR: database is locked: SQLITE_BUSY';
const event = (search: string, position: number) => ({ search, position, day: '2026-11-28', queryId: 'q' });

/** A D1 stand-in whose first batches fail with `errors`, in turn; counts every try. */
function refusingDb(errors: string[]) {
  const tries: number[] = [];
  const db = {
    prepare: (sql: string) => ({ bind: () => ({ sql }) }),
    batch: async (statements: unknown[]) => {
      tries.push(statements.length);
      const error = errors.shift();
      if (error) throw new Error(error);
      return [];
    },
  };
  return { env: { ANALYTICS: db } as unknown as Env, tries };
}

describe('the search analytics recorder', () => {
  it('sends a batch again when the database was busy, and gives up on other errors', async () => {
    const errors = console.error;
    const logged: unknown[] = [];
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      const twice = refusingDb([busy, busy]);
      const { ctx, settled } = collector();
      countSearch(twice.env, 'deploy', 3);
      flushAnalytics(twice.env, ctx);
      await settled();
      expect(twice.tries).toEqual([1, 1, 1]);
      expect(logged).toEqual([]);

      const missing = refusingDb(['D1_ERROR: no such table: search_queries: SQLITE_ERROR']);
      const second = collector();
      countSearch(missing.env, 'deploy', 3);
      flushAnalytics(missing.env, second.ctx);
      await second.settled();
      expect(missing.tries).toEqual([1]);
      expect(logged).toHaveLength(1);
      expect(pendingAnalytics()).toEqual({ searches: 0, events: 0 });
    } finally {
      console.error = errors;
    }
  });

  it('loses no search or click when the database stays busy through every wait: the next write carries them', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      // Busy for longer than the waits (a local D1 read by `wrangler d1 execute` on a loaded machine).
      const always = refusingDb(Array.from({ length: busyRetryMs.length + 1 }, () => busy));
      const first = collector();
      countSearch(always.env, 'deploy', 3);
      countEvent(always.env, event('s-deploy', 2));
      flushAnalytics(always.env, first.ctx);
      await vi.runAllTimersAsync();
      await first.settled();
      expect(always.tries).toHaveLength(busyRetryMs.length + 1);
      expect(busyRetryMs.reduce((sum, ms) => sum + ms, 0)).toBeLessThan(30_000);
      expect(pendingAnalytics()).toEqual({ searches: 1, events: 1 });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/stayed busy/));

      // The database free again: the next request's write has the search before its click.
      const free = slowDb();
      const next = collector();
      countSearch(free.env, 'deploy', 1);
      flushAnalytics(free.env, next.ctx);
      await vi.runAllTimersAsync();
      await next.settled();
      expect(free.batches).toEqual([['searches', 'events']]);
      // [day, query, query id, searches, …]: the refused search and the new one, in one row.
      expect([free.bound[0]![1], free.bound[0]![3]]).toEqual(['deploy', 2]);
      expect(pendingAnalytics()).toEqual({ searches: 0, events: 0 });
    } finally {
      warn.mockRestore();
      vi.useRealTimers();
    }
  });

  it('writes a click only after the write of the search before it, however slow D1 is', async () => {
    const { env, log } = slowDb([50, 0]);
    const { ctx, settled } = collector();
    countSearch(env, 'deploy', 3);
    flushAnalytics(env, ctx);
    // The click comes while the search is being written.
    await vi.waitUntil(() => log.length > 0);
    countEvent(env, event('s-deploy', 2));
    flushAnalytics(env, ctx);
    await settled();
    expect(log).toEqual(['start searches', 'end searches', 'start events', 'end events']);
  });

  it('writes a click counted with its search in the same batch, the search first', async () => {
    const { env, batches } = slowDb();
    const { ctx, settled } = collector();
    countSearch(env, 'deploy', 3);
    flushAnalytics(env, ctx);
    countEvent(env, event('s-deploy', 2));
    flushAnalytics(env, ctx);
    await settled();
    expect(batches).toEqual([['searches', 'events']]);
  });

  it('writes at most its bound of statements a flush, and the rest at the next ones', async () => {
    const { env, batches } = slowDb();
    const { ctx, settled } = collector();
    for (let i = 0; i < 30; i++) countSearch(env, `query ${i}`, 1);
    for (let i = 0; i < 1000; i++) countEvent(env, event(`s${i}`, 1));
    flushAnalytics(env, ctx);
    await settled();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.length).toBeLessThanOrEqual(statementsPerFlush);
    expect(batches[0]!.every((kind) => kind === 'searches')).toBe(true);
    while (pendingAnalytics().searches + pendingAnalytics().events > 0) {
      flushAnalytics(env, ctx);
      await settled();
    }
    expect(batches.every((batch) => batch.length <= statementsPerFlush)).toBe(true);
    // 30 searches and 1000 events at 20 a statement: 80 statements in all.
    expect(batches.flat()).toHaveLength(80);
  });

  it('keeps nothing without the database, however much is counted', () => {
    const env = {} as Env;
    const { ctx } = collector();
    for (let i = 0; i < 5000; i++) {
      countSearch(env, `query ${i}`, 1);
      countEvent(env, event(`s${i}`, 1));
      flushAnalytics(env, ctx);
    }
    expect(pendingAnalytics()).toEqual({ searches: 0, events: 0 });
  });
});
