// What one search request may cost: the queries, hits and text it may ask for, the size of its
// answer, and which answers the edge cache keeps (only what the site's own clients send).

import { beforeEach, describe, expect, it } from 'vitest';
import { searchLimits } from '../../../client/contract/search-protocol.ts';
import { searchCacheKey } from '../../../worker/services/search/cache.ts';
import { parseSearchBody } from '../../../worker/services/search/protocol.ts';
import { deployFixture, type DeployedBuild } from '../support/deploy.ts';
import { docSearchRequest, postSearch, results } from '../support/search.ts';

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** Every attribute a hit has, and every one snippeted at `words` words. */
const allAttributes = (words: number) => ({
  attributesToRetrieve: ['*'],
  attributesToSnippet: [...Array.from({ length: 7 }, (_, level) => `hierarchy.lvl${level}`), 'content'].map(
    (attribute) => `${attribute}:${words}`,
  ),
});

/** The amplifying request as it was sent: 10 queries × 1,000 hits, 1,000-word snippets (about 1.2 KB). */
const amplifying = (queries: number, query = 'setup', options: object = { attributesToSnippet: ['content:1000'] }) => ({
  requests: Array.from({ length: queries }, () => ({ indexName: 'docs', query, hitsPerPage: 1000, ...options })),
});

describe('the amplifying request', () => {
  beforeEach(async () => {
    await deployFixture();
  });

  it('is refused with 400 and Algolia’s JSON error for asking more than four queries', async () => {
    const body = JSON.stringify(amplifying(10));
    expect(bytes(body)).toBeLessThan(1500);
    const call = await postSearch(body);
    expect(call.response.status).toBe(400);
    expect(call.json).toEqual({ message: expect.stringMatching(/at most 4 queries/), status: 400 });
  });

  it('is cut to 50 hits a query and 30-word snippets when it asks for four queries', async () => {
    const call = await postSearch(amplifying(4));
    expect(call.response.status).toBe(200);
    for (const result of results(call)) {
      expect(result.hitsPerPage).toBe(50);
      for (const hit of result.hits) {
        const snippet = (hit._snippetResult!.content as { value: string } | undefined)?.value ?? '';
        expect(
          snippet
            .replace(/<\/?mark>|…/g, '')
            .split(/\s+/)
            .filter(Boolean).length,
        ).toBeLessThanOrEqual(30);
      }
    }
  });
});

describe('the size of an answer', () => {
  let build: DeployedBuild;
  beforeEach(async () => {
    build = await deployFixture({ fixture: 'large-site' });
  });

  it.each([
    ['', {}],
    [', asking for click analytics (each answer then carries a signed queryID)', { clickAnalytics: true }],
  ])('stays within the answer bound, leaving out the hits past it, on a site with many matches%s', async (_, extra) => {
    const call = await postSearch(amplifying(4, 'the', { ...allAttributes(1000), ...extra }));
    expect(call.response.status).toBe(200);
    expect(bytes(call.body)).toBeLessThanOrEqual(searchLimits.answerBytes);
    const [first] = results(call);
    expect(first!.nbHits).toBeGreaterThan(50);
    // Hits are kept best first, whole: the answer is cut between hits, never inside one.
    expect(first!.hits.length).toBeGreaterThan(0);
    expect(results(call).reduce((sum, result) => sum + result.hits.length, 0)).toBeLessThan(4 * 50);
    expect(build.buildId).toBeTruthy();
  });
});

describe('refused options', () => {
  beforeEach(async () => {
    await deployFixture();
  });

  it.each([
    [
      'a highlight tag over 64 characters',
      { highlightPreTag: `<span class="${'a'.repeat(80)}">`, highlightPostTag: '</span>' },
      /highlight tags may be at most 64/,
    ],
    [
      'a snippet ellipsis over 16 characters',
      { snippetEllipsisText: '.'.repeat(17) },
      /snippetEllipsisText may be at most 16/,
    ],
    [
      'more than 20 attributes to retrieve',
      { attributesToRetrieve: Array.from({ length: 21 }, (_, index) => `a${index}`) },
      /attributesToRetrieve may name at most 20/,
    ],
    ['an attribute name over 64 characters', { attributesToHighlight: ['a'.repeat(65)] }, /entry may be at most 64/],
    [
      'more than 16 facet filter values',
      { facetFilters: [Array.from({ length: 17 }, (_, index) => `docusaurus_tag:v${index}`)] },
      /facetFilters may hold at most 16/,
    ],
    ['an index name over 128 characters', { indexName: 'i'.repeat(129) }, /indexName may be at most 128/],
  ])('answers %s with 400 and Algolia’s JSON error', async (_, extra, message) => {
    const call = await postSearch(docSearchRequest('setup', extra));
    expect(call.response.status).toBe(400);
    expect(call.json).toEqual({ message: expect.stringMatching(message), status: 400 });
  });
});

describe('what the edge cache keeps', () => {
  let build: DeployedBuild;
  beforeEach(async () => {
    build = await deployFixture();
  });

  const stored = async (request: unknown) =>
    (caches as unknown as { default: Cache }).default.match(
      await searchCacheKey(`${build.buildId}|local`, parseSearchBody(JSON.stringify(request))),
    );

  it.each([
    ['another page', { page: 1 }],
    ['other highlight tags', { highlightPreTag: '<em>', highlightPostTag: '</em>' }],
    ['another number of hits', { hitsPerPage: 50 }],
    ['longer snippets', { attributesToSnippet: ['content:30'] }],
    ['attributes DocSearch does not ask for', { attributesToRetrieve: ['*'] }],
    ['a docs version the site does not have', { facetFilters: [['language:en'], ['docusaurus_tag:docs-default-9.9']] }],
  ])('answers a search with %s without keeping it', async (_, extra) => {
    const request = docSearchRequest('setup', extra);
    const first = await postSearch(request);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('x-search-cache')).toBe('bypass');
    const again = await postSearch(request);
    expect(again.response.headers.get('x-search-cache')).toBe('bypass');
    expect(results(again)[0]!.nbHits).toBe(results(first)[0]!.nbHits);
    expect(await stored(request)).toBeUndefined();
  });

  it.each([
    ['DocSearch’s modal search', docSearchRequest('setup')],
    [
      'DocSearch’s modal search on a narrow screen (5-word snippets)',
      docSearchRequest('setup', {
        attributesToSnippet: [
          'hierarchy.lvl1:5',
          'hierarchy.lvl2:5',
          'hierarchy.lvl3:5',
          'hierarchy.lvl4:5',
          'hierarchy.lvl5:5',
          'hierarchy.lvl6:5',
          'content:5',
        ],
      }),
    ],
    [
      'the modal’s counted search (one hit, no text)',
      docSearchRequest('setup', {
        analytics: true,
        hitsPerPage: 1,
        attributesToRetrieve: [],
        attributesToHighlight: [],
        attributesToSnippet: [],
      }),
    ],
    [
      'the modal’s own facet filters',
      docSearchRequest('setup', {
        clickAnalytics: true,
        facetFilters: [['language:en'], ['docusaurus_tag:docs-default-current']],
      }),
    ],
  ])('keeps %s and serves it again from the cache', async (_, request) => {
    expect((await postSearch(request)).response.headers.get('x-search-cache')).toBe('miss');
    expect((await postSearch(request)).response.headers.get('x-search-cache')).toBe('hit');
    expect(await stored(request)).toBeDefined();
  });

  it('serves facet filters written in another order, or with repeats, from one entry', async () => {
    await postSearch(
      docSearchRequest('setup', { facetFilters: [['language:en'], ['docusaurus_tag:docs-default-current']] }),
    );
    const reordered = await postSearch(
      docSearchRequest('setup', {
        facetFilters: [['docusaurus_tag:docs-default-current', 'docusaurus_tag:docs-default-current'], 'language:en'],
      }),
    );
    expect(reordered.response.headers.get('x-search-cache')).toBe('hit');
  });
});
