// A hanging Algolia: four hosts that take the search and never answer. A search waits for
// Algolia no longer than its deadline, then the embedded index answers; the searches after it
// skip Algolia for the host-down time and answer from the embedded index without asking it.
//
// No clock is read: the deadline shows in which hosts were asked. The client gives each host at
// least the deadline before it asks the next, so a search cut at the deadline has asked one host;
// without the deadline the client would ask all four, each in turn, before the index answered.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchCacheKey } from '../../../../worker/services/search/cache.ts';
import { parseSearchBody } from '../../../../worker/services/search/protocol.ts';
import { upstreamDeadline } from '../../../../worker/services/search/upstream.ts';
import type { Env } from '../../../../worker/env.ts';
import { deployFixture, type DeployedBuild } from '../../support/deploy.ts';
import { getSettled } from '../../support/requests.ts';
import {
  defaultDeadline,
  docSearchRequest,
  postSearch,
  receivedBy,
  standInUrls,
  withAlgolia,
} from '../../support/search.ts';

const hosts = standInUrls();
const hanging = [hosts.hanging, hosts.hanging2, hosts.hanging3, hosts.hanging4];

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

describe('a hanging Algolia', () => {
  it('is given up on at the deadline: the embedded index answers the search', async () => {
    const algolia = withAlgolia(hanging, defaultDeadline);
    const call = await postSearch(docSearchRequest('setup'), { env: algolia.env });
    expect(call.response.status).toBe(200);
    expect(call.response.headers.get('x-search-source')).toBe('local');
    expect(call.body).toContain('Setup guide');
    const hostsAsked = await asked(algolia.appId);
    expect(hostsAsked).toBeGreaterThan(0);
    expect(hostsAsked).toBeLessThan(hanging.length);
  });

  it('is skipped by the searches after it, which answer without asking any host', async () => {
    const algolia = withAlgolia(hanging, defaultDeadline);
    await postSearch(docSearchRequest('setup'), { env: algolia.env });
    const before = await asked(algolia.appId);
    const next = await postSearch(docSearchRequest('requirements'), { env: algolia.env });
    expect(next.response.headers.get('x-search-source')).toBe('local');
    expect(next.response.headers.get('x-search-cache')).toBe('miss');
    expect(await asked(algolia.appId)).toBe(before);
  });

  it('gives the search page the same deadline, and the same skip after it', async () => {
    const algolia = withAlgolia(hanging, defaultDeadline);
    const first = await getSettled('/__search?q=setup', {}, algolia.env);
    expect(first.response.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ query: 'setup', matchedPages: expect.any(Number) });
    expect(first.body).toContain('Setup guide');
    const before = await asked(algolia.appId);
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(hanging.length);
    const page = await getSettled('/search?q=requirements', {}, algolia.env);
    expect(page.response.status).toBe(200);
    expect(await asked(algolia.appId)).toBe(before);
  });

  it('keeps the embedded index’s answer in the edge cache for as long as Algolia is skipped', async () => {
    const algolia = withAlgolia(hanging, defaultDeadline);
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

describe('the deadline an operator sets (ALGOLIA_DEADLINE_MS)', () => {
  it('waits for a host that answers after the default deadline when it is longer', async () => {
    const algolia = withAlgolia([hosts.slow], { ALGOLIA_DEADLINE_MS: '10000' });
    const call = await postSearch(docSearchRequest('setup'), { env: algolia.env });
    expect(call.response.headers.get('x-search-source')).toBe('algolia');
    expect(call.body).toContain('From stand-in slow');
  });

  it('gives up on that host at the default deadline', async () => {
    const algolia = withAlgolia([hosts.slow], defaultDeadline);
    const call = await postSearch(docSearchRequest('setup'), { env: algolia.env });
    expect(call.response.headers.get('x-search-source')).toBe('local');
    expect(call.body).toContain('Setup guide');
  });

  it('is held between 100 ms and 10 s, and a value that is not a number keeps the default', () => {
    const deadline = (value: string | undefined) => upstreamDeadline({ ALGOLIA_DEADLINE_MS: value } as Env);
    expect([deadline(undefined), deadline(''), deadline('soon'), deadline('2500')]).toEqual([1000, 1000, 1000, 2500]);
    expect([deadline('5'), deadline('600000')]).toEqual([100, 10_000]);
  });
});
