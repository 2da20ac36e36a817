// The Algolia stand-ins the worker tests point ALGOLIA_HOSTS at: each fails (or answers) the
// way it says, so a worker test that sees a fallback knows which failure caused it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeAlgoliaStandIns,
  recordedRequestsPath,
  standInHitTitle,
  startAlgoliaStandIns,
  type StandInSet,
} from '../../../support/algolia-standin.ts';

let standIns: StandInSet;
beforeAll(async () => {
  standIns = await startAlgoliaStandIns({
    up: 'up',
    down: 'down',
    error500: '500',
    forbidden403: '403',
    hanging: 'hang',
  });
});
afterAll(() => closeAlgoliaStandIns(standIns));

const search = (url: string, init: RequestInit = {}) =>
  fetch(`${url}/1/indexes/*/queries?x-algolia-application-id=APP&x-algolia-api-key=KEY`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ requests: [{ indexName: 'docs', query: 'setup', hitsPerPage: 5 }] }),
    ...init,
  });

describe('Algolia stand-ins', () => {
  it('answers a multi-query search in Algolia’s shape, naming itself in the hit', async () => {
    const response = await search(standIns.up!.url);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      results: { hits: { hierarchy: { lvl1: string } }[]; query: string; hitsPerPage: number; index: string }[];
    };
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ query: 'setup', hitsPerPage: 5, index: 'docs', nbHits: 1 });
    expect(body.results[0]!.hits[0]!.hierarchy.lvl1).toBe(standInHitTitle('up'));
  });

  it('records the path, the credentials from the query string or headers, and the body', async () => {
    await search(standIns.up!.url);
    await fetch(`${standIns.up!.url}/1/indexes/*/queries`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': 'HEADER-APP', 'x-algolia-api-key': 'HEADER-KEY' },
      body: '{"requests":[]}',
    });
    const recorded = standIns.up!.requests;
    expect(recorded.find((entry) => entry.appId === 'APP')).toMatchObject({
      method: 'POST',
      path: '/1/indexes/*/queries',
      apiKey: 'KEY',
      body: { requests: [{ indexName: 'docs', query: 'setup', hitsPerPage: 5 }] },
    });
    expect(recorded.find((entry) => entry.appId === 'HEADER-APP')).toMatchObject({
      apiKey: 'HEADER-KEY',
      body: { requests: [] },
    });
    const overHttp = await (await fetch(`${standIns.up!.url}${recordedRequestsPath}`)).json();
    expect(overHttp).toEqual(recorded);
  });

  it('refuses connections when down', async () => {
    await expect(search(standIns.down!.url)).rejects.toThrow();
  });

  it('fails with Algolia’s JSON errors in the 500 and 403 modes', async () => {
    const failing = await search(standIns.error500!.url);
    expect(failing.status).toBe(500);
    expect(await failing.json()).toEqual({ message: expect.any(String), status: 500 });
    const forbidden = await search(standIns.forbidden403!.url);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: 'Invalid Application-ID or API key', status: 403 });
  });

  it('takes the request and never answers when hanging', async () => {
    await expect(search(standIns.hanging!.url, { signal: AbortSignal.timeout(300) })).rejects.toThrow(
      /aborted|timeout/i,
    );
    expect(standIns.hanging!.requests).toHaveLength(1);
  });
});
