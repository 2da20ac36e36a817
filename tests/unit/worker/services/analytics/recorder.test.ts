import { describe, expect, it } from 'vitest';
import { countInsight, countSearch, flushAnalytics } from '../../../../../worker/services/analytics/recorder.ts';
import type { Env } from '../../../../../worker/env.ts';

/** A D1 stand-in whose batches finish in the order `delays` gives, recording when each starts and ends. */
function slowDb(delays: number[]) {
  const log: string[] = [];
  let call = 0;
  const db = {
    prepare: (sql: string) => ({ bind: () => ({ sql }) }),
    batch: async (statements: { sql: string }[]) => {
      const kind = statements[0]!.sql.trim().startsWith('INSERT') ? 'searches' : 'clicks';
      const delay = delays[call++] ?? 0;
      log.push(`start ${kind}`);
      await new Promise((done) => setTimeout(done, delay));
      log.push(`end ${kind}`);
      return [];
    },
  };
  return { env: { ANALYTICS: db } as unknown as Env, log };
}

describe('the search analytics recorder', () => {
  it('writes a click only after the write of the search before it, however slow D1 is', async () => {
    const { env, log } = slowDb([50, 0]);
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise) };
    countSearch('deploy', 3);
    flushAnalytics(env, ctx);
    countInsight('q-deploy', { clicks: 1, positionSum: 2 });
    flushAnalytics(env, ctx);
    await Promise.all(pending);
    expect(log).toEqual(['start searches', 'end searches', 'start clicks', 'end clicks']);
  });
});
