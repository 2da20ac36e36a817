import { describe, expect, it } from 'vitest';
import {
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
  let call = 0;
  const db = {
    prepare: (sql: string) => ({ bind: () => ({ sql }) }),
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
  return { env: { ANALYTICS: db } as unknown as Env, log, batches };
}

function collector() {
  const pending: Promise<unknown>[] = [];
  return {
    ctx: { waitUntil: (promise: Promise<unknown>) => void pending.push(promise) },
    settled: () => Promise.all(pending),
  };
}

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
  it('sends a batch again when the database was busy, and gives up on other errors or after its tries', async () => {
    const errors = console.error;
    const logged: unknown[] = [];
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      const busy = 'D1_ERROR: database is locked: SQLITE_BUSY';
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

      const always = refusingDb([busy, busy, busy, busy, busy]);
      const third = collector();
      countSearch(always.env, 'deploy', 3);
      flushAnalytics(always.env, third.ctx);
      await third.settled();
      expect(always.tries).toHaveLength(4);
      expect(logged).toHaveLength(2);
    } finally {
      console.error = errors;
    }
  });

  it('writes a click only after the write of the search before it, however slow D1 is', async () => {
    const { env, log } = slowDb([50, 0]);
    const { ctx, settled } = collector();
    countSearch(env, 'deploy', 3);
    flushAnalytics(env, ctx);
    countEvent(env, event('s-deploy', 2));
    flushAnalytics(env, ctx);
    await settled();
    expect(log).toEqual(['start searches', 'end searches', 'start events', 'end events']);
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
    while (pendingAnalytics().searches + pendingAnalytics().events > 0) flushAnalytics(env, ctx);
    await settled();
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
