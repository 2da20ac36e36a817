// A hanging Algolia: four hosts that take the search and never answer. A search waits for
// Algolia no longer than its deadline, then the embedded index answers; the searches after it
// skip Algolia for the host-down time and answer from the embedded index at once.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchCacheKey } from '../../../../worker/services/search/cache.ts';
import { parseSearchBody } from '../../../../worker/services/search/protocol.ts';
import { deployFixture, type DeployedBuild } from '../../support/deploy.ts';
import { getSettled } from '../../support/requests.ts';
import { docSearchRequest, postSearch, receivedBy, standInUrls, withAlgolia } from '../../support/search.ts';

const hosts = standInUrls();
const hanging = [hosts.hanging, hosts.hanging2, hosts.hanging3, hosts.hanging4];
/** The deadline is 1 s; before it, such a search waited 16 s. Wide, for a busy machine. */
const boundMs = 5_000;

let build: DeployedBuild;
beforeEach(async () => {
  build = await deployFixture();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Searches the four hanging hosts saw from this application id. */
async function asked(appId: string): Promise<number> {
  const counts = await Promise.all(hanging.map((host) => receivedBy(host, appId)));
  return counts.reduce((sum, requests) => sum + requests.length, 0);
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const startedAt = Date.now();
  const result = await work();
  return { result, ms: Date.now() - startedAt };
}

describe('a hanging Algolia', () => {
  it('is given up on at the deadline: the embedded index answers the search', async () => {
    const algolia = withAlgolia(hanging);
    const { result: call, ms } = await timed(() => postSearch(docSearchRequest('setup'), { env: algolia.env }));
    expect(call.response.status).toBe(200);
    expect(call.response.headers.get('x-search-source')).toBe('local');
    expect(call.body).toContain('Setup guide');
    expect(ms).toBeLessThan(boundMs);
    expect(await asked(algolia.appId)).toBeGreaterThan(0);
  });

  it('is skipped by the searches after it, which answer at once without asking any host', async () => {
    const algolia = withAlgolia(hanging);
    await postSearch(docSearchRequest('setup'), { env: algolia.env });
    const before = await asked(algolia.appId);
    const { result: next, ms } = await timed(() => postSearch(docSearchRequest('requirements'), { env: algolia.env }));
    expect(next.response.headers.get('x-search-source')).toBe('local');
    expect(next.response.headers.get('x-search-cache')).toBe('miss');
    expect(ms).toBeLessThan(boundMs);
    expect(await asked(algolia.appId)).toBe(before);
  });

  it('gives the search page the same deadline, and the same skip after it', async () => {
    const algolia = withAlgolia(hanging);
    const first = await timed(() => getSettled('/__search?q=setup', {}, algolia.env));
    expect(first.result.response.status).toBe(200);
    expect(JSON.parse(first.result.body)).toMatchObject({ query: 'setup', matchedPages: expect.any(Number) });
    expect(first.result.body).toContain('Setup guide');
    expect(first.ms).toBeLessThan(boundMs);
    const before = await asked(algolia.appId);
    const page = await timed(() => getSettled('/search?q=requirements', {}, algolia.env));
    expect(page.result.response.status).toBe(200);
    expect(page.ms).toBeLessThan(boundMs);
    expect(await asked(algolia.appId)).toBe(before);
  });

  it('keeps the embedded index’s answer in the edge cache for as long as Algolia is skipped', async () => {
    const algolia = withAlgolia(hanging);
    const request = docSearchRequest('setup');
    await postSearch(request, { env: algolia.env });
    const scope = `${build.buildId}|${algolia.appId}/docs/${hanging.join(',')}`;
    const stored = await (caches as unknown as { default: Cache }).default.match(
      await searchCacheKey(scope, parseSearchBody(JSON.stringify(request))),
    );
    expect(stored?.headers.get('x-search-source')).toBe('local');
    expect(stored?.headers.get('cache-control')).toBe('public, max-age=120');
  });
});
