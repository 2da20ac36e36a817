// Requests per client address through the Rate Limiting binding wrangler.toml declares (Miniflare
// runs the real binding here): past the limit, 429 with `retry-after` and the JSON each endpoint's
// clients read; another address is still answered. Every test uses addresses no other test uses.

/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, type RateLimitRule } from '../../../worker/services/rate-limit.ts';
import { resetAnalytics } from '../support/analytics.ts';
import { deployFixture } from '../support/deploy.ts';
import { freshAddress, postSettled } from '../support/requests.ts';
import { docSearchRequest } from '../support/search.ts';

beforeAll(async () => {
  await deployFixture();
});
beforeEach(resetAnalytics);

/** A POST of `body`, or a GET when there is none, from `address`. */
function send(path: string, body: string | undefined, contentType: string, address: string) {
  return postSettled(path, body, contentType, { 'cf-connecting-ip': address });
}

const endpoints: {
  name: string;
  rule: RateLimitRule;
  path: string;
  contentType: string;
  body: (i: number) => string | undefined;
  json: unknown;
}[] = [
  {
    name: 'the search endpoint',
    rule: rateLimits.search,
    path: '/1/indexes/*/queries',
    contentType: 'application/json',
    body: () => JSON.stringify(docSearchRequest('setup')),
    json: { message: expect.stringMatching(/too many searches/i), status: 429 },
  },
  {
    name: 'the events endpoint',
    rule: rateLimits.events,
    path: '/1/events',
    contentType: 'application/json',
    body: () =>
      JSON.stringify({
        events: [
          {
            eventType: 'view',
            eventName: 'Hits viewed',
            index: 'docs',
            userToken: 'anonymous',
            objectIDs: ['/docs/setup'],
          },
        ],
      }),
    json: { message: expect.stringMatching(/too many events/i), status: 429 },
  },
  {
    name: 'the search page’s JSON, which searches as the endpoint does',
    rule: rateLimits.search,
    path: '/__search?q=setup',
    contentType: 'application/json',
    body: () => undefined,
    json: { error: 'too_many_requests', message: expect.stringMatching(/too many searches/i) },
  },
  {
    name: 'the report form',
    rule: rateLimits.reports,
    path: '/__report',
    contentType: 'application/x-www-form-urlencoded',
    // A different query each time: the per-query daily cap in D1 is not what is tested here.
    body: (i) => `q=missing+page+${i}&note=where+is+it`,
    json: { error: 'too_many_requests', message: expect.stringMatching(/too many reports/i) },
  },
];

describe.each(endpoints)('$name', ({ rule, path, contentType, body, json }) => {
  it('answers 429 with retry-after and JSON past the limit of one address, and still answers another', async () => {
    const address = freshAddress();
    // The binding counts in fixed windows: within one, `limit` requests pass and the next is refused.
    // Twice the limit and one more, sent at once, each spending its request as its handler starts,
    // meet the binding within two windows at most, so one is refused. (Sent one after another, a
    // busy machine's requests spread over three windows, fewer than the limit in each.)
    const burst = await Promise.all(
      Array.from({ length: 2 * rule.limit + 1 }, (_, i) => send(path, body(i), contentType, address)),
    );
    const refused = burst.find((sent) => sent.response.status === 429);
    const answered = burst.filter((sent) => sent.response.status !== 429).length;
    expect(refused, 'a request past the limit was refused').toBeDefined();
    expect(answered).toBeGreaterThanOrEqual(rule.limit);
    expect(refused!.response.headers.get('retry-after')).toBe(String(rule.periodSeconds));
    expect(refused!.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused!.response.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(refused!.text)).toEqual(json);

    const other = await send(path, body(-1), contentType, freshAddress());
    expect(other.response.status).not.toBe(429);
    expect(other.response.status).toBeLessThan(500);
  });
});
