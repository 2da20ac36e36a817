// Search analytics through the worker: searches counted by the endpoints, clicks from
// `POST /1/events`, reader reports, and the retention cleanup, all read back from D1.

/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import worker from '../../../../worker/index.ts';
import type { Env } from '../../../../worker/env.ts';
import { db, queryRows, reportRows, resetAnalytics } from '../../support/analytics.ts';
import { bindings, deployFixture } from '../../support/deploy.ts';
import { fromAddress, getSettled, origin, postSettled } from '../../support/requests.ts';
import { standInQueryId } from '../../../support/algolia-standin.ts';
import { docSearchRequest, postSearch, receivedBy, results, standInUrls, withAlgolia } from '../../support/search.ts';

beforeAll(async () => {
  await deployFixture();
});
beforeEach(resetAnalytics);

function postTo(path: string, body: string, contentType: string, headers: Record<string, string> = {}) {
  return postSettled(path, body, contentType, headers);
}

function clickEvent(queryID: string, position: number) {
  return {
    eventType: 'click',
    eventName: 'Hit clicked',
    index: 'docs',
    userToken: 'anonymous',
    queryID,
    objectIDs: ['/docs/setup'],
    positions: [position],
  };
}

describe('searches are counted per day and normalised query', () => {
  it('counts a modal search, and a search with no results as zero-result', async () => {
    await postSearch(docSearchRequest('  Setup '));
    await postSearch(docSearchRequest('setup'));
    await postSearch(docSearchRequest('xylophone'));
    const rows = await queryRows();
    expect(rows.map((r) => [r.query, r.searches, r.zero_results])).toEqual([
      ['setup', 2, 0],
      ['xylophone', 1, 1],
    ]);
    expect(rows[0]!.day).toBe(new Date().toISOString().slice(0, 10));
  });

  it('does not count what the modal sends while the reader types (analytics: false)', async () => {
    await postSearch(docSearchRequest('s', { analytics: false }));
    await postSearch(docSearchRequest('se', { analytics: false }));
    await postSearch(docSearchRequest('setup', { analytics: false }));
    await postSearch(docSearchRequest('setup', { analytics: true, hitsPerPage: 1 }));
    expect((await queryRows()).map((r) => [r.query, r.searches])).toEqual([['setup', 1]]);
  });

  it('counts the /search page without JavaScript and its JSON, but not the modal footer count', async () => {
    await getSettled('/search?q=Setup');
    await getSettled('/__search?q=xylophone');
    await getSettled('/__search?q=setup&count=no');
    expect((await queryRows()).map((r) => [r.query, r.searches, r.zero_results])).toEqual([
      ['setup', 1, 0],
      ['xylophone', 1, 1],
    ]);
  });

  it('puts a day’s searches past its cap of distinct queries in one other-queries row', async () => {
    const env = { ...bindings, ANALYTICS_QUERIES_PER_DAY: '3' };
    for (const query of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'delta', 'Alpha'])
      await postSearch(docSearchRequest(query), { env });
    // The other-queries row is the one with an empty query (no normalised query is empty).
    expect((await queryRows()).map((r) => [r.query, r.searches])).toEqual([
      ['', 3],
      ['alpha', 2],
      ['beta', 1],
      ['gamma', 1],
    ]);
  });

  it('still answers the search when D1 fails', async () => {
    const broken = {
      ...bindings,
      ANALYTICS: { prepare: () => ({ bind: () => ({}) }), batch: () => Promise.reject(new Error('D1 down')) },
    };
    const call = await postSearch(docSearchRequest('setup'), { env: broken as unknown as Env });
    expect(call.response.status).toBe(200);
    expect(results(call)[0]!.nbHits).toBeGreaterThan(0);
  });
});

describe('clicks on answers from Algolia', () => {
  it('count in D1 and reach Algolia Insights with the queryID Algolia gave', async () => {
    const [host] = [standInUrls().first];
    const algolia = withAlgolia([host], { ALGOLIA_INSIGHTS_HOST: host });
    const call = await postSearch(docSearchRequest('deploy', { clickAnalytics: true }), { env: algolia.env });
    expect(call.response.headers.get('x-search-source')).toBe('algolia');
    const queryID = results(call)[0]!.queryID!;
    expect(queryID).toMatch(new RegExp(`^${standInQueryId}[0-9a-f]{64}$`));

    const ctx = createExecutionContext();
    // The stand-in answers with one hit.
    const body = JSON.stringify({ events: [clickEvent(queryID, 1)] });
    const request = new Request(`${origin}/1/events`, {
      method: 'POST',
      headers: fromAddress(new Headers({ 'content-type': 'application/json' })),
      body,
    });
    expect((await worker.fetch(request, algolia.env, ctx)).status).toBe(200);
    await waitOnExecutionContext(ctx);

    expect((await queryRows()).map((r) => [r.query, r.clicks, r.click_position_sum])).toEqual([['deploy', 1, 1]]);
    const forwarded = (await receivedBy(host, algolia.appId)).filter((r) => r.path === '/1/events');
    expect(forwarded.map((r) => (r.body as { events: { queryID: string }[] }).events[0]!.queryID)).toEqual([
      standInQueryId,
    ]);
  });
});

describe('POST /1/events', () => {
  it('adds clicks and their positions to the query the queryID came from', async () => {
    const call = await postSearch(docSearchRequest('setup', { clickAnalytics: true }));
    const queryID = results(call)[0]!.queryID!;
    expect(queryID).toMatch(/^[0-9a-f]{64}$/);
    const sent = await postTo(
      '/1/events',
      JSON.stringify({ events: [clickEvent(queryID, 1), clickEvent(queryID, 3)] }),
      'application/json',
    );
    expect(sent.response.status).toBe(200);
    const [row] = await queryRows();
    expect([row!.clicks, row!.click_position_sum / row!.clicks]).toEqual([2, 2]);
  });

  it.each([
    ['not JSON', '{events'],
    ['no events', JSON.stringify({ events: [] })],
    ['an unknown event type', JSON.stringify({ events: [{ ...clickEvent('0'.repeat(64), 1), eventType: 'hover' }] })],
    [
      'a click without positions',
      JSON.stringify({ events: [{ ...clickEvent('0'.repeat(64), 1), positions: undefined }] }),
    ],
    ['an IP address field', JSON.stringify({ events: [{ ...clickEvent('0'.repeat(64), 1), ip: '10.0.0.1' }] })],
  ])('refuses %s with a 4xx JSON error and writes nothing', async (_name, body) => {
    await postSearch(docSearchRequest('setup', { clickAnalytics: true }));
    const sent = await postTo('/1/events', body, 'application/json');
    expect(sent.response.status).toBe(400);
    expect(JSON.parse(sent.text)).toMatchObject({ status: 400, message: expect.stringMatching(/JSON|events/) });
    expect((await queryRows()).map((r) => r.clicks)).toEqual([0]);
  });
});

describe('reader reports from the no-results screen', () => {
  it('offers the report form on a search with no results, and thanks the reader after', async () => {
    const { body } = await getSettled('/search?q=xylophone');
    expect(body).toMatch(/<form id="report"[^>]*action="\/__report" method="post"/);
    expect(body).toContain('<input type="hidden" name="q" value="xylophone"/>');
    const after = await getSettled('/search?q=xylophone&reported=1');
    expect(after.body).toContain('Thank you: we will look at what this search should find.');
    expect(after.body).not.toContain('id="report"');
  });

  it('stores the query and note, then thanks the reader on the search page', async () => {
    const sent = await postTo(
      '/__report',
      'q=Xylophone+Tuning&note=I+expected+a+page',
      'application/x-www-form-urlencoded',
    );
    expect(sent.response.status).toBe(303);
    expect(sent.response.headers.get('location')).toBe('/search?q=Xylophone+Tuning&reported=1');
    expect(await reportRows()).toEqual([
      { day: new Date().toISOString().slice(0, 10), query: 'xylophone tuning', note: 'I expected a page' },
    ]);
  });

  it('refuses a report without a query', async () => {
    const sent = await postTo('/__report', 'q=&note=x', 'application/x-www-form-urlencoded');
    expect(sent.response.status).toBe(400);
    expect(await reportRows()).toEqual([]);
  });

  it('stops storing reports for one query after the day’s cap', async () => {
    const statuses: number[] = [];
    // Each from its own address, so that the per-address rate limit is not what stops them.
    for (let i = 0; i < 22; i++) {
      const from = { 'cf-connecting-ip': `198.51.100.${i + 1}` };
      statuses.push((await postTo('/__report', 'q=capped', 'application/x-www-form-urlencoded', from)).response.status);
    }
    expect(statuses).toEqual([...Array<number>(20).fill(303), 429, 429]);
    expect((await reportRows()).length).toBe(20);
  });
});

describe('the scheduled cleanup', () => {
  it('drops rows older than the retention period and keeps recent ones', async () => {
    const old = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    const recent = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    await db.batch([
      db
        .prepare("INSERT INTO search_queries (day, query, query_id) VALUES (?, 'old', 'a'), (?, 'recent', 'b')")
        .bind(old, recent),
      db.prepare("INSERT INTO reader_reports (day, query) VALUES (?, 'old'), (?, 'recent')").bind(old, recent),
      // Events that tell repeated clicks apart matter only while a click may still name its search.
      db
        .prepare(
          "INSERT INTO counted_events (search, position, day, query_id) VALUES ('a', 1, ?, 'a'), ('b', 1, ?, 'b')",
        )
        .bind(recent, new Date().toISOString().slice(0, 10)),
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '17 3 * * *' }), bindings, ctx);
    await waitOnExecutionContext(ctx);
    expect((await queryRows()).map((r) => r.query)).toEqual(['recent']);
    expect((await reportRows()).map((r) => r.query)).toEqual(['recent']);
    const events = await db.prepare('SELECT search FROM counted_events').all<{ search: string }>();
    expect(events.results.map((r) => r.search)).toEqual(['b']);
  });
});
