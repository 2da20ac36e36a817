// Search when KV cannot give the build: Algolia does not need KV to answer, and without
// Algolia the client gets Algolia's error shape so DocSearch can show its error screen.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../../worker/env.ts';
import { bindings, deployFixture, failingKv, loseSearchDirectory, type DeployedBuild } from '../../support/deploy.ts';
import { getSettled } from '../../support/requests.ts';
import { docSearchRequest, postSearch, standInUrls, withAlgolia } from '../../support/search.ts';

let build: DeployedBuild;
beforeEach(async () => {
  build = await deployFixture();
  // The worker logs each failure for operators; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('search while KV is failing', () => {
  it('still answers from Algolia, which needs nothing from KV', async () => {
    const algolia = withAlgolia([standInUrls().first], { CONTENT: failingKv() });
    const call = await postSearch(docSearchRequest('setup'), { env: algolia.env });
    expect(call.response.status).toBe(200);
    expect(call.response.headers.get('x-search-source')).toBe('algolia');
  });

  it('still answers the search page’s JSON from Algolia', async () => {
    const algolia = withAlgolia([standInUrls().first], { CONTENT: failingKv() });
    const { response, body } = await getSettled('/__search?q=setup', {}, algolia.env);
    expect(response.status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ query: 'setup', matchedPages: expect.any(Number) });
    expect(body).toContain('From stand-in first');
  });

  it.each<[string, () => Promise<{ env: Env; restore?: () => Promise<void> }>]>([
    ['KV fails', async () => ({ env: { ...bindings, CONTENT: failingKv() } })],
    ['the live build has no search index', async () => ({ env: bindings, restore: await loseSearchDirectory(build) })],
  ])('answers 503 in Algolia’s error shape when %s and Algolia is not configured', async (_, prepare) => {
    const { env, restore } = await prepare();
    try {
      const call = await postSearch(docSearchRequest('setup'), { env });
      expect(call.response.status).toBe(503);
      expect(call.json).toEqual({ message: expect.any(String), status: 503 });
      expect(call.body).not.toMatch(/StoreUnavailable|b:[0-9a-f]{12}:|search:[0-9a-f]{16}|simulated outage/);
    } finally {
      await restore?.();
    }
  });
});
