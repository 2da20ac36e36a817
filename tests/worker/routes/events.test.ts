// `POST /1/events` against forged and replayed clicks: only queryIDs the worker signed count, at
// positions their search showed, once each, in a bounded number of D1 statements, and nothing is
// kept without the analytics database.

/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import worker from '../../../worker/index.ts';
import type { Env } from '../../../worker/env.ts';
import { forgetSeenEvents } from '../../../worker/services/analytics/accepted-events.ts';
import { pendingAnalytics, statementsPerFlush } from '../../../worker/services/analytics/recorder.ts';
import { db, queryRows, resetAnalytics } from '../support/analytics.ts';
import { bindings, deployFixture } from '../support/deploy.ts';
import { fromAddress, origin } from '../support/requests.ts';
import { docSearchRequest, postSearch, results, standInUrls, withAlgolia } from '../support/search.ts';

beforeAll(async () => {
  await deployFixture();
});
beforeEach(resetAnalytics);

interface Click {
  queryID: string;
  position: number;
  objectID?: string;
  eventType?: 'click' | 'view';
}

function insightsEvent({ queryID, position, objectID = '/docs/setup', eventType = 'click' }: Click) {
  return {
    eventType,
    eventName: eventType === 'click' ? 'Hit clicked' : 'Hits viewed',
    index: 'docs',
    userToken: 'anonymous',
    queryID,
    objectIDs: [objectID],
    ...(eventType === 'click' ? { positions: [position] } : {}),
  };
}

interface SendOptions {
  env?: Env;
  headers?: Record<string, string>;
}

function sendEvents(events: Click[], options: SendOptions = {}) {
  return sendBody({ events: events.map(insightsEvent) }, options);
}

async function sendBody(body: unknown, options: SendOptions = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`${origin}/1/events`, {
    method: 'POST',
    headers: fromAddress(new Headers({ 'content-type': 'application/json', ...options.headers })),
    body: JSON.stringify(body),
  });
  const response = await worker.fetch(request, options.env ?? bindings, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text };
}

/** A counted search for `query`, clicks on: its queryID and how many hits it showed. */
async function searched(query: string, env?: Env): Promise<{ queryID: string; hits: number }> {
  const call = await postSearch(docSearchRequest(query, { clickAnalytics: true }), env ? { env } : {});
  const [result] = results(call);
  return { queryID: result!.queryID!, hits: result!.hits.length };
}

/** The queryID anyone can compute from the words alone (a hash of the normalised query, no secret). */
function publicQueryHash(query: string): string {
  let out = '';
  for (const seed of [0x811c9dc5, 0x01000193, 0x5bd1e995, 0x27d4eb2f]) {
    let hash = seed >>> 0;
    for (let i = 0; i < query.length; i++) {
      hash ^= query.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    out += hash.toString(16).padStart(8, '0');
  }
  return out;
}

async function clicksOf(query: string): Promise<number[]> {
  return (await queryRows()).filter((r) => r.query === query).map((r) => r.clicks);
}

describe('POST /1/events only counts clicks on searches the worker answered', () => {
  it('does not count a click whose queryID the worker did not sign', async () => {
    const { queryID } = await searched('setup');
    const forged = await sendEvents([{ queryID: publicQueryHash('setup'), position: 1 }]);
    expect(forged.response.status).toBe(200);
    expect(await clicksOf('setup')).toEqual([0]);
    const tampered = `${queryID.slice(0, -1)}${queryID.endsWith('0') ? '1' : '0'}`;
    const made = await sendEvents([
      { queryID: tampered, position: 1 },
      { queryID: 'f'.repeat(64), position: 1 },
      { queryID: 'e'.repeat(96), position: 1 },
    ]);
    expect(made.response.status).toBe(200);
    expect(await clicksOf('setup')).toEqual([0]);
  });

  it('drops a click at a position beyond the hits its search showed', async () => {
    const { queryID, hits } = await searched('setup');
    expect(hits).toBeGreaterThan(1);
    await sendEvents([
      { queryID, position: hits + 1 },
      { queryID, position: 1000 },
      { queryID, position: hits },
    ]);
    const [row] = (await queryRows()).filter((r) => r.query === 'setup');
    expect([row!.clicks, row!.click_position_sum]).toEqual([1, hits]);
  });

  it('counts a repeated click once: in one request, in a later one, and in another isolate', async () => {
    const { queryID } = await searched('setup');
    const click = { queryID, position: 2 };
    await sendEvents([click, click, { ...click, objectID: '/docs/other' }]);
    await sendEvents([click]);
    // A new isolate remembers nothing: D1 itself knows the click was counted.
    forgetSeenEvents();
    await sendEvents([click]);
    expect(await clicksOf('setup')).toEqual([1]);

    // Another search for the same words is another search: its click counts.
    const again = await searched('setup');
    await sendEvents([{ queryID: again.queryID, position: 2 }]);
    expect(await clicksOf('setup')).toEqual([2]);
  });

  it('refuses events posted from another site’s page with a 403 JSON error', async () => {
    const { queryID } = await searched('setup');
    for (const headers of [
      { origin: 'https://attacker.example', 'content-type': 'text/plain' } as Record<string, string>,
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const sent = await sendEvents([{ queryID, position: 1 }], { headers });
      expect(sent.response.status).toBe(403);
      expect(JSON.parse(sent.text)).toMatchObject({ status: 403, message: expect.stringContaining('own pages') });
    }
    expect(await clicksOf('setup')).toEqual([0]);
    const own = await sendEvents([{ queryID, position: 1 }], { headers: { origin, 'sec-fetch-site': 'same-origin' } });
    expect(own.response.status).toBe(200);
    expect(await clicksOf('setup')).toEqual([1]);
  });
});

describe('without the signing secret', () => {
  it('answers without a queryID and counts no click', async () => {
    const env = { ...bindings, QUERY_ID_SECRET: undefined };
    const call = await postSearch(docSearchRequest('setup', { clickAnalytics: true }), { env });
    expect(results(call)[0]).not.toHaveProperty('queryID');
    const { queryID } = await searched('setup');
    expect((await sendEvents([{ queryID, position: 1 }], { env })).response.status).toBe(200);
    expect(await clicksOf('setup')).toEqual([0]);
  });
});

describe('POST /1/events bounds what it writes and keeps', () => {
  it('writes at most its bound of D1 statements for a request with many events, the rest later', async () => {
    // Thirty distinct queries answered by the Algolia stand-in (one hit each)…
    const host = standInUrls().first;
    const algolia = withAlgolia([host], { ALGOLIA_INSIGHTS_HOST: host });
    const distinct: string[] = [];
    // (from an address of their own, so that these ninety searches spend no other test's rate limit)
    const headers = { 'content-type': 'application/json', 'cf-connecting-ip': '192.0.2.80' };
    for (let request = 0; request < 10; request++) {
      const queries = Array.from({ length: 3 }, (_, i) =>
        docSearchRequest(`bulk ${request} ${i}`, { clickAnalytics: true }),
      );
      const call = await postSearch({ requests: queries.map((q) => q.requests[0]) }, { env: algolia.env, headers });
      distinct.push(...results(call).map((result) => result.queryID!));
    }
    // …and eighty searches for the same words, each its own search with five hits.
    const repeated = await Promise.all(
      Array.from({ length: 80 }, async () => {
        const [result] = results(await postSearch(docSearchRequest('setup', { clickAnalytics: true }), { headers }));
        return { queryID: result!.queryID! };
      }),
    );

    const batches: number[] = [];
    const counting = {
      prepare: (sql: string) => db.prepare(sql),
      batch: (statements: D1PreparedStatement[]) => {
        batches.push(statements.length);
        return db.batch(statements);
      },
    } as unknown as D1Database;
    const env = { ...algolia.env, ANALYTICS: counting };
    // 460 events to count: a click and a view on each stand-in search, five clicks on each other.
    const events = [
      ...distinct.flatMap((queryID) => [
        insightsEvent({ queryID, position: 1 }),
        insightsEvent({ queryID, position: 0, eventType: 'view' }),
      ]),
      ...repeated.map(({ queryID }) => ({
        ...insightsEvent({ queryID, position: 1 }),
        objectIDs: ['a', 'b', 'c', 'd', 'e'],
        positions: [1, 2, 3, 4, 5],
      })),
    ];
    expect((await sendBody({ events }, { env })).response.status).toBe(200);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toBeLessThanOrEqual(statementsPerFlush);
    expect(statementsPerFlush).toBeLessThan(50);
    // Each answer's queryID names its own search, the eighty for the same words too.
    expect(new Set([...distinct, ...repeated.map((r) => r.queryID)]).size).toBe(110);

    // What was left over goes out with the next requests' flushes, each as bounded.
    for (let i = 0; i < 2; i++) await sendEvents([{ queryID: distinct[0]!, position: 1 }], { env });
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.every((count) => count <= statementsPerFlush)).toBe(true);
    const rows = await queryRows();
    const bulk = rows.filter((r) => r.query.startsWith('bulk '));
    expect(bulk.reduce((sum, r) => sum + r.clicks, 0)).toBe(30);
    expect(bulk.reduce((sum, r) => sum + r.views, 0)).toBe(30);
    expect(rows.find((r) => r.query === 'setup')).toMatchObject({ clicks: 400, click_position_sum: 80 * 15 });
  });

  it('keeps nothing without the analytics database, however many events arrive', async () => {
    const env = { ...bindings, ANALYTICS: undefined };
    const ids = await Promise.all(['setup', 'install', 'deploy'].map(async (q) => (await searched(q, env)).queryID));
    for (let request = 0; request < 10; request++) {
      const events = Array.from({ length: 100 }, (_, i) => ({ queryID: ids[i % ids.length]!, position: 1 + (i % 3) }));
      expect((await sendEvents(events, { env })).response.status).toBe(200);
    }
    expect(pendingAnalytics()).toEqual({ searches: 0, events: 0 });
  });
});
