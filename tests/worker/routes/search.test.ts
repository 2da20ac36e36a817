// `POST /1/indexes/*/queries` without Algolia configured: what DocSearch gets from the
// embedded index, what the edge cache keeps, and the requests the endpoint refuses.

import { beforeEach, describe, expect, it } from 'vitest';
import type { HighlightValue } from '../../../client/contract/search-protocol.ts';
import { kvKeys } from '../../../client/contract/storage.ts';
import { bindings, deployFixture, pointTo } from '../support/deploy.ts';
import { docSearchRequest, postSearch, results, searchRequest } from '../support/search.ts';

beforeEach(async () => {
  await deployFixture();
});

describe('refused requests', () => {
  it.each([
    ['malformed JSON', '{"requests": [{"query": "setup"}', /not valid JSON/],
    ['a body without `requests`', { query: 'setup' }, /`requests` is required/],
    ['`requests` that is not an array', { requests: 'setup' }, /must be an array/],
    [
      'a query that is not a string',
      { requests: [{ indexName: 'docs', query: 42 }] },
      /requests\[0\]\.query must be a string/,
    ],
    [
      'hitsPerPage that is not a number',
      { requests: [{ indexName: 'docs', query: 'a', hitsPerPage: 'all' }] },
      /hitsPerPage must be an integer/,
    ],
    [
      'highlight tags with attributes that run script',
      { requests: [{ query: 'a', highlightPreTag: '<img src=x onerror=alert(1)>', highlightPostTag: '</img>' }] },
      /highlight tags/,
    ],
  ])('answers %s with 400 and Algolia’s JSON error', async (_, body, message) => {
    const call = await postSearch(body);
    expect(call.response.status).toBe(400);
    expect(call.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(call.json).toEqual({ message: expect.stringMatching(message), status: 400 });
  });

  it('answers a body over 16 KB with 413', async () => {
    const call = await postSearch({
      requests: [{ indexName: 'docs', query: 'setup', padding: 'x'.repeat(17 * 1024) }],
    });
    expect(call.response.status).toBe(413);
    expect(call.json).toEqual({ message: expect.stringMatching(/larger than 16384 bytes/), status: 413 });
  });

  it('answers a body that is not JSON, form or plain text with 415', async () => {
    const call = await postSearch('<requests/>', { headers: { 'content-type': 'application/xml' } });
    expect(call.response.status).toBe(415);
    expect(call.json).toEqual({ message: expect.any(String), status: 415 });
  });

  it('accepts the text/plain body the Algolia browser client sends to avoid a CORS preflight', async () => {
    const call = await postSearch(JSON.stringify(searchRequest('setup')), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(call.response.status).toBe(200);
    expect(results(call)[0]!.nbHits).toBeGreaterThan(0);
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers %s with 405 and says to use POST', async (method) => {
    const call = await postSearch(method === 'GET' ? undefined : searchRequest('setup'), { method });
    expect(call.response.status).toBe(405);
    expect(call.response.headers.get('allow')).toBe('POST');
    expect(call.json).toEqual({ message: `${method} is not allowed; use POST`, status: 405 });
  });

  it('answers for any index name in the path, as Algolia’s multi-query endpoint does', async () => {
    const call = await postSearch(searchRequest('setup'), { path: '/1/indexes/docs/queries' });
    expect(call.response.status).toBe(200);
  });
});

describe('answers from the embedded index', () => {
  it('says it answered locally and returns a well-formed Algolia response', async () => {
    const call = await postSearch(docSearchRequest('setup'));
    expect(call.response.status).toBe(200);
    expect(call.response.headers.get('x-search-source')).toBe('local');
    expect(call.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(call.response.headers.get('cache-control')).toBe('no-store');
    const [result] = results(call);
    expect(result).toMatchObject({
      nbHits: 5,
      page: 0,
      nbPages: 1,
      hitsPerPage: 20,
      query: 'setup',
      index: 'docs',
      exhaustiveNbHits: true,
    });
    expect(result!.processingTimeMS).toEqual(expect.any(Number));
    expect(new URLSearchParams(result!.params).get('query')).toBe('setup');
    expect(result).not.toHaveProperty('queryID');

    const [first] = result!.hits;
    expect(first).toMatchObject({
      objectID: expect.stringMatching(/^[0-9a-f]{16}$/),
      url: 'https://docs.example.test/guides/setup',
      type: 'lvl1',
      hierarchy: { lvl0: 'Guides', lvl1: 'Setup guide', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: null,
    });
    const lvl1 = (first!._highlightResult.hierarchy as Record<string, HighlightValue>).lvl1;
    expect(lvl1).toMatchObject({ value: '<mark>Setup</mark> guide', matchLevel: 'full', matchedWords: ['setup'] });
    expect(first!._snippetResult).toEqual({
      hierarchy: { lvl1: { value: '<mark>Setup</mark> guide', matchLevel: 'full' } },
    });
  });

  it('returns content hits with a highlighted content value and a snippet', async () => {
    const call = await postSearch(docSearchRequest('node'));
    const hit = results(call)[0]!.hits.find((entry) => entry.type === 'content')!;
    expect(hit).toMatchObject({
      url: 'https://docs.example.test/guides/setup#requirements',
      content: 'You need Node.',
      hierarchy: { lvl1: 'Setup guide', lvl2: 'Requirements' },
    });
    expect(hit._highlightResult.content).toMatchObject({ value: 'You need <mark>Node</mark>.', matchLevel: 'full' });
    expect(hit._snippetResult!.content).toEqual({ value: 'You need <mark>Node</mark>.', matchLevel: 'full' });
  });

  it('gives a queryID when the client turned click analytics on', async () => {
    const call = await postSearch(docSearchRequest('setup', { clickAnalytics: true }));
    // Signed for this answer: services/analytics/query-id.ts.
    expect(results(call)[0]!.queryID).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers several queries in one request, in order', async () => {
    const call = await postSearch({
      requests: [
        { indexName: 'docs', query: 'requirements' },
        { indexName: 'docs', query: 'admonitions' },
      ],
    });
    const [first, second] = results(call);
    expect(first!.hits[0]!.hierarchy).toMatchObject({ lvl2: 'Requirements' });
    expect(second!.hits.map((hit) => hit.content)).toEqual(['Tips render as admonitions.']);
  });

  it('applies DocSearch’s facet filters, finding nothing for another version’s tag', async () => {
    const call = await postSearch(
      searchRequest('setup', { facetFilters: [['language:en'], ['docusaurus_tag:docs-default-2.0']] }),
    );
    expect(results(call)[0]).toMatchObject({ nbHits: 0, nbPages: 0, hits: [] });
  });

  it('answers a query that matches nothing with an empty, well-formed result', async () => {
    const call = await postSearch(docSearchRequest('xylophone'));
    expect(call.response.status).toBe(200);
    expect(results(call)[0]).toMatchObject({ hits: [], nbHits: 0, page: 0, nbPages: 0, query: 'xylophone' });
  });

  it('searches only the first 64 characters of a long query', async () => {
    const call = await postSearch(searchRequest(`requirements${' '.repeat(60)}zzzzzzzzzz`));
    const [result] = results(call);
    expect([...result!.query]).toHaveLength(64);
    expect(result!.nbHits).toBeGreaterThan(0);
  });
});

describe('attribute names that are also names of every object', () => {
  const asDocSearch = docSearchRequest('setup').requests[0] as unknown as Record<string, string[]>;
  const base = {
    attributesToRetrieve: asDocSearch.attributesToRetrieve!,
    attributesToSnippet: asDocSearch.attributesToSnippet!,
    attributesToHighlight: ['hierarchy', 'content'],
  };
  const lists = Object.keys(base) as (keyof typeof base)[];
  const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

  it.each(lists.flatMap((list) => names.map((name) => [list, name] as const)))(
    'ignores %s naming %s, as Algolia ignores an unknown attribute',
    async (list, name) => {
      const expected = results(await postSearch(docSearchRequest('setup', base)))[0]!;
      const odd = list === 'attributesToSnippet' ? [`hierarchy.${name}:5`, `${name}:5`] : [`hierarchy.${name}`, name];
      const call = await postSearch(docSearchRequest('setup', { ...base, [list]: [...base[list], ...odd] }));
      expect(call.response.status).toBe(200);
      const [result] = results(call);
      expect(result!.nbHits).toBeGreaterThan(0);
      expect(result!.hits).toEqual(expected.hits);
    },
  );
});

describe('edge cache of search answers', () => {
  it('computes the first answer and serves the same request again from the cache', async () => {
    const first = await postSearch(docSearchRequest('setup'));
    expect(first.response.headers.get('x-search-cache')).toBe('miss');
    const second = await postSearch(docSearchRequest('setup'));
    expect(second.response.headers.get('x-search-cache')).toBe('hit');
    expect(second.response.headers.get('x-search-source')).toBe('local');
    expect(second.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(second.response.headers.get('cache-control')).toBe('no-store');
    expect(second.body).toBe(first.body);
  });

  it('computes a new answer for a different query', async () => {
    await postSearch(docSearchRequest('setup'));
    const other = await postSearch(docSearchRequest('requirements'));
    expect(other.response.headers.get('x-search-cache')).toBe('miss');
    expect(results(other)[0]!.query).toBe('requirements');
  });

  it('serves a search sent as a params string from the entry of the same search sent as fields', async () => {
    const request = docSearchRequest('setup');
    await postSearch(request);
    const { indexName, ...fields } = request.requests[0]!;
    const params = new URLSearchParams(
      Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
    );
    const call = await postSearch({ requests: [{ indexName, params: params.toString() }] });
    expect(call.response.headers.get('x-search-cache')).toBe('hit');
  });

  it('starts afresh after a deploy, so answers never outlive the build they came from', async () => {
    await postSearch(docSearchRequest('setup'));
    await deployFixture();
    expect((await postSearch(docSearchRequest('setup'))).response.headers.get('x-search-cache')).toBe('miss');
  });

  it('keys an answer by the build that gave it when the live build cannot be served', async () => {
    const previous = await deployFixture({ live: false });
    const live = await deployFixture();
    await postSearch(docSearchRequest('setup'));
    // The live build's manifest is lost: the previous build answers, from entries of its own.
    await bindings.CONTENT.put(kvKeys.manifest(live.buildId), 'not json');
    await pointTo(live.buildId, [live.buildId, previous.buildId]);
    const fallback = await postSearch(docSearchRequest('setup'));
    expect(fallback.response.headers.get('x-search-cache')).toBe('miss');
    expect((await postSearch(docSearchRequest('setup'))).response.headers.get('x-search-cache')).toBe('hit');
  });

  it('keeps nothing when SEARCH_CACHE_TTL is 0', async () => {
    const env = { ...bindings, SEARCH_CACHE_TTL: '0' };
    await postSearch(docSearchRequest('setup'), { env });
    expect((await postSearch(docSearchRequest('setup'), { env })).response.headers.get('x-search-cache')).toBe('miss');
  });

  it('does not cache a refused request as an answer', async () => {
    await postSearch('{"requests":');
    const again = await postSearch('{"requests":');
    expect(again.response.status).toBe(400);
    expect(again.response.headers.get('x-search-cache')).toBeNull();
  });
});
