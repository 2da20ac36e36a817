// The search modal's request: one retry when the connection dropped or a gateway failed
// (502/503/504), decided on what failed, never on an error message; no retry for a request the
// endpoint refused (4xx), a worker error (500) or an answer that is not JSON.

import { describe, expect, it } from 'vitest';
import { postQueries, SearchStatusError } from '../../../../client/search/post-queries.ts';

type Outcome = number | 'network' | 'not-json';

/** A fetch that answers each call with the next outcome, counting the calls. */
function scriptedFetch(outcomes: Outcome[]) {
  const calls: unknown[] = [];
  const fetch = (async (_url: string, init?: RequestInit) => {
    calls.push(JSON.parse(String(init?.body)));
    const outcome = outcomes[calls.length - 1] ?? 200;
    if (outcome === 'network') throw new TypeError('Failed to fetch');
    const body = outcome === 'not-json' ? 'oops' : JSON.stringify({ results: [{ hits: [] }] });
    return new Response(body, { status: outcome === 'not-json' ? 200 : outcome });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const send = (outcomes: Outcome[]) => {
  const scripted = scriptedFetch(outcomes);
  const result = postQueries('https://docs.example.test/1/indexes/*/queries', [{ query: 'kyber' }], {
    fetch: scripted.fetch,
    wait: async () => {},
  });
  return { result, calls: scripted.calls };
};

describe('the search modal’s request', () => {
  it('posts the requests once when the endpoint answers', async () => {
    const { result, calls } = send([200]);
    await expect(result).resolves.toEqual({ results: [{ hits: [] }] });
    expect(calls).toEqual([{ requests: [{ query: 'kyber' }] }]);
  });

  it.each<Outcome>(['network', 502, 503, 504])('retries once after %s, and answers with the retry', async (first) => {
    const { result, calls } = send([first, 200]);
    await expect(result).resolves.toEqual({ results: [{ hits: [] }] });
    expect(calls).toHaveLength(2);
  });

  it('gives up after the one retry', async () => {
    const { result, calls } = send(['network', 503, 200]);
    await expect(result).rejects.toBeInstanceOf(SearchStatusError);
    expect(calls).toHaveLength(2);
  });

  it.each<Outcome>([400, 404, 413, 500])('does not retry a %s answer', async (status) => {
    const { result, calls } = send([status, 200]);
    await expect(result).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
  });

  it('does not retry an answer that is not JSON', async () => {
    const { result, calls } = send(['not-json', 200]);
    await expect(result).rejects.toBeInstanceOf(SyntaxError);
    expect(calls).toHaveLength(1);
  });
});
