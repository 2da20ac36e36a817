// With Algolia configured, the endpoint asks Algolia's hosts in turn (here: stand-ins on
// 127.0.0.1 started by the global setup) and answers from the embedded index when none can.

import { beforeEach, describe, expect, it } from 'vitest';
import { searchCacheKey } from '../../../../worker/services/search/cache.ts';
import { parseSearchBody } from '../../../../worker/services/search/protocol.ts';
import { deployFixture, type DeployedBuild } from '../../support/deploy.ts';
import {
  defaultDeadline,
  docSearchRequest,
  postSearch,
  receivedBy,
  results,
  standInUrls,
  withAlgolia,
} from '../../support/search.ts';

const hosts = standInUrls();

let build: DeployedBuild;
beforeEach(async () => {
  build = await deployFixture();
});

const firstHitTitle = (call: Awaited<ReturnType<typeof postSearch>>) => results(call)[0]!.hits[0]!.hierarchy!.lvl1;

describe('Algolia answers', () => {
  it('asks the next host when the first one refuses connections', async () => {
    const algolia = withAlgolia([hosts.down, hosts.second]);
    const call = await postSearch(docSearchRequest('setup'), { env: algolia.env });
    expect(call.response.status).toBe(200);
    expect(call.response.headers.get('x-search-source')).toBe('algolia');
    expect(firstHitTitle(call)).toBe('From stand-in second');
  });

  it('sends the application id, the search key and the query to the host that answers', async () => {
    const algolia = withAlgolia([hosts.down, hosts.second]);
    await postSearch(docSearchRequest('setup'), { env: algolia.env });
    const received = await receivedBy(hosts.second, algolia.appId);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/1/indexes/*/queries',
      appId: algolia.appId,
      apiKey: algolia.apiKey,
    });
    // Algolia is asked for sentinel tags; the worker escapes the text and puts the reader's tags in.
    expect(request!.body).toMatchObject({
      requests: [
        {
          indexName: 'docs',
          query: 'setup',
          hitsPerPage: 20,
          highlightPreTag: '__ais-highlight__',
          highlightPostTag: '__/ais-highlight__',
        },
      ],
    });
  });

  it('escapes markup in Algolia hits and highlights with the tags the reader asked for', async () => {
    const algolia = withAlgolia([hosts.first]);
    const call = await postSearch(docSearchRequest('setup'), { env: algolia.env });
    const [hit] = results(call)[0]!.hits;
    expect(hit!.content).toBe('Stand-in text about &lt;b&gt;setup&lt;/b&gt;');
    expect((hit!._snippetResult!.content as { value: string }).value).toBe(
      'Stand-in text about &lt;b&gt;<mark>setup</mark>&lt;/b&gt;',
    );
    expect(hit!.url).toBe('https://docs.example.test/standin/first');
  });

  it('asks the configured index, whatever index name the browser used', async () => {
    const algolia = withAlgolia([hosts.first], { ALGOLIA_INDEX_NAME: 'self-docs' });
    await postSearch(docSearchRequest('setup', { indexName: 'someone-elses-index' }), { env: algolia.env });
    const [request] = await receivedBy(hosts.first, algolia.appId);
    expect((request!.body as { requests: { indexName: string }[] }).requests.map((entry) => entry.indexName)).toEqual([
      'self-docs',
    ]);
  });

  it('asks only the first host when it answers', async () => {
    const algolia = withAlgolia([hosts.first, hosts.second]);
    const call = await postSearch(docSearchRequest('setup'), { env: algolia.env });
    expect(firstHitTitle(call)).toBe('From stand-in first');
    expect(await receivedBy(hosts.first, algolia.appId)).toHaveLength(1);
    expect(await receivedBy(hosts.second, algolia.appId)).toHaveLength(0);
  });

  it('asks the next host when the first one fails with a 500', async () => {
    const algolia = withAlgolia([hosts.error500, hosts.second]);
    const call = await postSearch(docSearchRequest('setup'), { env: algolia.env });
    expect(call.response.headers.get('x-search-source')).toBe('algolia');
    expect(firstHitTitle(call)).toBe('From stand-in second');
    expect(await receivedBy(hosts.error500, algolia.appId)).toHaveLength(1);
  });

  it('serves a repeated search from the edge cache without asking Algolia again', async () => {
    const algolia = withAlgolia([hosts.first]);
    await postSearch(docSearchRequest('setup'), { env: algolia.env });
    const again = await postSearch(docSearchRequest('setup'), { env: algolia.env });
    expect(again.response.headers.get('x-search-cache')).toBe('hit');
    expect(again.response.headers.get('x-search-source')).toBe('algolia');
    expect(firstHitTitle(again)).toBe('From stand-in first');
    expect(await receivedBy(hosts.first, algolia.appId)).toHaveLength(1);
  });
});

describe('answers from the embedded index when Algolia cannot answer', () => {
  const expectLocalAnswer = (call: Awaited<ReturnType<typeof postSearch>>) => {
    expect(call.response.status).toBe(200);
    expect(call.response.headers.get('x-search-source')).toBe('local');
    const [result] = results(call);
    expect(result).toMatchObject({ query: 'setup', nbHits: 5, page: 0, hitsPerPage: 20 });
    expect(result!.hits[0]).toMatchObject({
      url: 'https://docs.example.test/guides/setup',
      hierarchy: { lvl1: 'Setup guide' },
    });
  };

  it('when every host refuses connections', async () => {
    const algolia = withAlgolia([hosts.down]);
    expectLocalAnswer(await postSearch(docSearchRequest('setup'), { env: algolia.env }));
  });

  it('when every host fails with a 500', async () => {
    const algolia = withAlgolia([hosts.error500]);
    expectLocalAnswer(await postSearch(docSearchRequest('setup'), { env: algolia.env }));
    expect(await receivedBy(hosts.error500, algolia.appId)).toHaveLength(1);
  });

  it('when Algolia refuses the key with a 403, without trying the other hosts', async () => {
    const algolia = withAlgolia([hosts.forbidden403, hosts.second]);
    expectLocalAnswer(await postSearch(docSearchRequest('setup'), { env: algolia.env }));
    expect(await receivedBy(hosts.forbidden403, algolia.appId)).toHaveLength(1);
    expect(await receivedBy(hosts.second, algolia.appId)).toHaveLength(0);
  });

  it('when the host accepts the request and never answers', async () => {
    const algolia = withAlgolia([hosts.hanging], defaultDeadline);
    expectLocalAnswer(await postSearch(docSearchRequest('setup'), { env: algolia.env }));
    expect(await receivedBy(hosts.hanging, algolia.appId)).toHaveLength(1);
  });

  it('when Algolia is only partly configured (no search key), without calling out at all', async () => {
    const algolia = withAlgolia([hosts.first], { ALGOLIA_SEARCH_API_KEY: '' });
    expectLocalAnswer(await postSearch(docSearchRequest('setup'), { env: algolia.env }));
    expect(await receivedBy(hosts.first, algolia.appId)).toHaveLength(0);
  });

  it('keeps a local answer for the full SEARCH_CACHE_TTL when Algolia is only partly configured', async () => {
    // Only an answer that stands in for a failing Algolia is kept briefly; here Algolia is off.
    const request = docSearchRequest('setup');
    await postSearch(request, { env: withAlgolia([hosts.first], { ALGOLIA_SEARCH_API_KEY: '' }).env });
    const key = await searchCacheKey(`${build.buildId}|local`, parseSearchBody(JSON.stringify(request)));
    const stored = await (caches as unknown as { default: Cache }).default.match(key);
    expect(stored?.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('keeps the fallback answer in the edge cache, marked as local', async () => {
    const algolia = withAlgolia([hosts.down]);
    await postSearch(docSearchRequest('setup'), { env: algolia.env });
    const again = await postSearch(docSearchRequest('setup'), { env: algolia.env });
    expect(again.response.headers.get('x-search-cache')).toBe('hit');
    expect(again.response.headers.get('x-search-source')).toBe('local');
  });
});
