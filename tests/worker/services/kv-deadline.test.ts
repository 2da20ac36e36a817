// A KV read that never answers: the route gives up at the KV deadline and answers 503 with
// retry-after (in the search endpoint's JSON), or from Algolia where Algolia can answer.
// No clock is read: without a deadline these requests would never be answered at all.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetStore } from '../../../worker/services/content-store.ts';
import { forgetSearchPieces } from '../../../worker/services/search/pieces.ts';
import { bindings, deployFixture } from '../support/deploy.ts';
import { getSettled } from '../support/requests.ts';
import { docSearchRequest, postSearch, standInUrls, withAlgolia } from '../support/search.ts';

/** A KV namespace whose every read is taken (and counted) and never answered. */
function hangingKv(): KVNamespace & { taken: number } {
  const kv = {
    taken: 0,
    get: hang,
    getWithMetadata: hang,
    list: hang,
    put: hang,
    delete: hang,
  };
  function hang() {
    kv.taken++;
    return new Promise<never>(() => undefined);
  }
  return kv as unknown as KVNamespace & { taken: number };
}

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

describe('a hanging KV read', () => {
  it('answers a search with 503, retry-after and Algolia’s JSON error when Algolia is not configured', async () => {
    const kv = hangingKv();
    const call = await postSearch(docSearchRequest('setup'), { env: { ...bindings, CONTENT: kv } });
    expect(kv.taken).toBeGreaterThan(0);
    expect(call.response.status).toBe(503);
    expect(call.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(call.json).toEqual({ message: expect.any(String), status: 503 });
  });

  it('lets Algolia answer the search, which needs nothing from KV', async () => {
    const algolia = withAlgolia([standInUrls().first], { CONTENT: hangingKv() });
    const call = await postSearch(docSearchRequest('setup'), { env: algolia.env });
    expect(call.response.status).toBe(200);
    expect(call.response.headers.get('x-search-source')).toBe('algolia');
  });

  it('answers the search page with the 503 page and retry-after', async () => {
    const kv = hangingKv();
    const result = await getSettled('/search?q=setup', {}, { ...bindings, CONTENT: kv });
    expect(kv.taken).toBeGreaterThan(0);
    expect(result.response.status).toBe(503);
    expect(result.response.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('answers a page with the 503 page and retry-after', async () => {
    const kv = hangingKv();
    const result = await getSettled('/guides/setup', {}, { ...bindings, CONTENT: kv });
    expect(kv.taken).toBeGreaterThan(0);
    expect(result.response.status).toBe(503);
    expect(result.response.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
