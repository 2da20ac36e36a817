// A KV read that never answers: the route gives up at the KV deadline and answers 503 with
// retry-after (in the search endpoint's JSON), or from Algolia where Algolia can answer.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetStore } from '../../../worker/services/content-store.ts';
import { forgetSearchPieces } from '../../../worker/services/search/pieces.ts';
import { bindings, deployFixture } from '../support/deploy.ts';
import { getSettled } from '../support/requests.ts';
import { docSearchRequest, postSearch, standInUrls, withAlgolia } from '../support/search.ts';

/** A KV namespace whose every read is taken and never answered. */
function hangingKv(): KVNamespace {
  const hang = () => new Promise<never>(() => undefined);
  return { get: hang, getWithMetadata: hang, list: hang, put: hang, delete: hang } as unknown as KVNamespace;
}

/** The KV deadline is 2 s; without one, these requests never finish. Wide, for a busy machine. */
const boundMs = 8_000;

beforeEach(async () => {
  await deployFixture();
  // Nothing remembered in the isolate: every request below has to read KV.
  forgetStore();
  forgetSearchPieces();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const startedAt = Date.now();
  const result = await work();
  return { result, ms: Date.now() - startedAt };
}

describe('a hanging KV read', () => {
  it('answers a search with 503, retry-after and Algolia’s JSON error when Algolia is not configured', async () => {
    const { result: call, ms } = await timed(() =>
      postSearch(docSearchRequest('setup'), { env: { ...bindings, CONTENT: hangingKv() } }),
    );
    expect(ms).toBeLessThan(boundMs);
    expect(call.response.status).toBe(503);
    expect(call.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(call.json).toEqual({ message: expect.any(String), status: 503 });
  });

  it('lets Algolia answer the search, which needs nothing from KV', async () => {
    const algolia = withAlgolia([standInUrls().first], { CONTENT: hangingKv() });
    const { result: call, ms } = await timed(() => postSearch(docSearchRequest('setup'), { env: algolia.env }));
    expect(ms).toBeLessThan(boundMs);
    expect(call.response.status).toBe(200);
    expect(call.response.headers.get('x-search-source')).toBe('algolia');
  });

  it('answers the search page with the 503 page and retry-after', async () => {
    const { result, ms } = await timed(() => getSettled('/search?q=setup', {}, { ...bindings, CONTENT: hangingKv() }));
    expect(ms).toBeLessThan(boundMs);
    expect(result.response.status).toBe(503);
    expect(result.response.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('answers a page with the 503 page and retry-after', async () => {
    const { result, ms } = await timed(() => getSettled('/guides/setup', {}, { ...bindings, CONTENT: hangingKv() }));
    expect(ms).toBeLessThan(boundMs);
    expect(result.response.status).toBe(503);
    expect(result.response.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
