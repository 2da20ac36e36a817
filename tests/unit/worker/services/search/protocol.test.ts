// What the search endpoint accepts: the Algolia multi-query body as DocSearch v3 and the
// algoliasearch clients send it, and the requests it refuses (with the status it refuses them).

import { describe, expect, it } from 'vitest';
import {
  canonicalParams,
  parseSearchBody,
  SearchRequestError,
  type SearchQuery,
} from '../../../../../worker/services/search/protocol.ts';

const parseOne = (request: Record<string, unknown>): SearchQuery =>
  parseSearchBody(JSON.stringify({ requests: [request] }))[0]!;

function refusal(text: string): SearchRequestError {
  try {
    parseSearchBody(text);
  } catch (error) {
    if (error instanceof SearchRequestError) return error;
    throw error;
  }
  throw new Error(`the body was accepted: ${text.slice(0, 200)}`);
}

const refusalOf = (request: unknown) => refusal(JSON.stringify({ requests: [request] }));

describe('search parameters', () => {
  it('reads the parameters DocSearch v3 sends as fields of each request', () => {
    const query = parseOne({
      indexName: 'docs',
      query: 'setup',
      hitsPerPage: 5,
      page: 2,
      attributesToRetrieve: ['hierarchy.lvl1', 'content', 'url'],
      attributesToSnippet: ['hierarchy.lvl1:10', 'content:10'],
      snippetEllipsisText: '…',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
      clickAnalytics: true,
    });
    expect(query).toEqual({
      indexName: 'docs',
      query: 'setup',
      hitsPerPage: 5,
      page: 2,
      attributesToRetrieve: ['hierarchy.lvl1', 'content', 'url'],
      attributesToSnippet: { 'hierarchy.lvl1': 10, content: 10 },
      snippetEllipsisText: '…',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      // In one order: a filter written otherwise is the same query.
      facetFilters: [['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'], ['language:en']],
      clickAnalytics: true,
      analytics: true,
    });
  });

  it('reads facet filters in any order, or with repeats, as the same filters', () => {
    const filters = (value: unknown) => parseOne({ query: 'a', facetFilters: value }).facetFilters;
    expect(filters([['docusaurus_tag:b', 'docusaurus_tag:a', 'docusaurus_tag:b'], 'language:en'])).toEqual(
      filters(['language:en', ['docusaurus_tag:a', 'docusaurus_tag:b'], ['language:en']]),
    );
  });

  it('reads Algolia’s analytics flag, counted unless a request says otherwise', () => {
    expect(parseOne({ query: 'a' }).analytics).toBe(true);
    expect(parseOne({ query: 'a', analytics: false }).analytics).toBe(false);
  });

  it('reads the URL-encoded `params` string that older clients send', () => {
    const params = new URLSearchParams({
      query: 'install guide',
      hitsPerPage: '7',
      page: '1',
      attributesToSnippet: JSON.stringify(['content:10']),
      highlightPreTag: '<em class="hl">',
      highlightPostTag: '</em>',
      facetFilters: JSON.stringify([['language:en']]),
      clickAnalytics: 'true',
    }).toString();
    const query = parseOne({ indexName: 'docs', params });
    expect(query).toMatchObject({
      query: 'install guide',
      hitsPerPage: 7,
      page: 1,
      attributesToSnippet: { content: 10 },
      highlightPreTag: '<em class="hl">',
      highlightPostTag: '</em>',
      facetFilters: [['language:en']],
      clickAnalytics: true,
    });
  });

  it('accepts attributesToSnippet as the comma-separated text of a params string', () => {
    expect(parseOne({ params: 'query=a&attributesToSnippet=content:10,hierarchy.lvl1:5' }).attributesToSnippet).toEqual(
      { content: 10, 'hierarchy.lvl1': 5 },
    );
  });

  it('lets a field win over the same parameter in the params string', () => {
    expect(parseOne({ params: 'query=from-params&hitsPerPage=3', query: 'from-field' })).toMatchObject({
      query: 'from-field',
      hitsPerPage: 3,
    });
  });

  it('snippets ten words when an attribute names no count', () => {
    expect(parseOne({ query: 'a', attributesToSnippet: ['content'] }).attributesToSnippet).toEqual({ content: 10 });
  });

  it('uses Algolia’s defaults for what the request leaves out', () => {
    expect(parseOne({ indexName: 'docs' })).toMatchObject({
      query: '',
      hitsPerPage: 20,
      page: 0,
      attributesToRetrieve: undefined,
      attributesToSnippet: {},
      snippetEllipsisText: '…',
      highlightPreTag: '<em>',
      highlightPostTag: '</em>',
      facetFilters: [],
      clickAnalytics: false,
      analytics: true,
    });
  });

  it('cuts hitsPerPage to 50 and snippets to 30 words however many a client asks for', () => {
    expect(parseOne({ query: 'a', hitsPerPage: 5000 }).hitsPerPage).toBe(50);
    expect(parseOne({ query: 'a', attributesToSnippet: ['content:1000'] }).attributesToSnippet).toEqual({
      content: 30,
    });
  });

  it('keeps only the first 64 characters of a long query', () => {
    const query = `${'a'.repeat(60)} ${'b'.repeat(40)}`;
    const parsed = parseOne({ query });
    expect(parsed.query).toBe(query.slice(0, 64));
    expect(parsed.query).toHaveLength(64);
  });

  it('counts characters, not UTF-16 units, when it cuts a query of emoji', () => {
    const parsed = parseOne({ query: '🔍'.repeat(70) });
    expect([...parsed.query]).toHaveLength(64);
    expect(parsed.query).toBe('🔍'.repeat(64));
  });

  it('accepts several queries in one body, in order', () => {
    const queries = parseSearchBody(JSON.stringify({ requests: [{ query: 'one' }, { query: 'two' }] }));
    expect(queries.map((query) => query.query)).toEqual(['one', 'two']);
  });

  it('gives the same canonical params to the same search sent as fields or as a params string', () => {
    const fields = parseOne({ query: 'setup', hitsPerPage: 5, attributesToSnippet: ['content:10'] });
    const params = parseOne({ params: 'query=setup&hitsPerPage=5&attributesToSnippet=content:10' });
    expect(canonicalParams(fields)).toBe(canonicalParams(params));
    expect(canonicalParams(parseOne({ query: 'setup' }))).not.toBe(canonicalParams(parseOne({ query: 'setups' })));
  });
});

describe('refused requests', () => {
  it.each([
    ['a body that is not JSON', '{"requests": [', /not valid JSON/],
    ['a JSON array', '[]', /JSON object with a `requests` array/],
    ['a body without `requests`', '{"query":"a"}', /`requests` is required/],
    ['`requests` that is not an array', '{"requests":{"query":"a"}}', /`requests` is required and must be an array/],
    ['an empty `requests`', '{"requests":[]}', /at least one query/],
    [
      'more than four queries',
      JSON.stringify({ requests: Array.from({ length: 5 }, () => ({ query: 'a' })) }),
      /at most 4/,
    ],
  ])('answers 400 to %s', (_, body, message) => {
    const error = refusal(body);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
  });

  it.each([
    ['a request that is not an object', 'setup', /requests\[0\] must be an object/],
    ['a numeric query', { query: 5 }, /requests\[0\]\.query must be a string/],
    ['a hitsPerPage that is not a number', { query: 'a', hitsPerPage: 'many' }, /hitsPerPage must be an integer/],
    ['a fractional page', { query: 'a', page: 1.5 }, /page must be an integer/],
    ['a negative page', { query: 'a', page: -1 }, /must not be negative/],
    ['params that is not a string', { params: { query: 'a' } }, /params must be a string/],
    [
      'attributesToSnippet of numbers',
      { query: 'a', attributesToSnippet: [10] },
      /attributesToSnippet must be a list of strings/,
    ],
    ['facetFilters that is an object', { query: 'a', facetFilters: { language: 'en' } }, /facetFilters must be a list/],
    [
      'facetFilters with a number inside',
      { query: 'a', facetFilters: [['language:en', 1]] },
      /facetFilters must contain strings/,
    ],
    ['clickAnalytics that is not a boolean', { query: 'a', clickAnalytics: 'yes' }, /clickAnalytics must be a boolean/],
  ])('answers 400 to %s, naming the field', (_, request, message) => {
    const error = refusalOf(request);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
  });

  it('names which of several requests is wrong', () => {
    expect(
      refusal(JSON.stringify({ requests: [{ query: 'fine' }, { query: 'fine', hitsPerPage: 'x' }] })).message,
    ).toMatch(/requests\[1\]\.hitsPerPage/);
  });

  it('answers 413 to a body over 16 KB, counted in bytes', () => {
    const error = refusal(JSON.stringify({ requests: [{ query: 'a', filler: 'x'.repeat(16 * 1024) }] }));
    expect(error.status).toBe(413);
    // 6,000 three-byte characters are 18,000 bytes, though only 6,000 UTF-16 units.
    expect(refusal(JSON.stringify({ requests: [{ query: 'a', filler: '€'.repeat(6000) }] })).status).toBe(413);
  });

  it('accepts a body of exactly 16 KB', () => {
    const base = JSON.stringify({ requests: [{ query: 'a', filler: '' }] });
    const body = JSON.stringify({ requests: [{ query: 'a', filler: 'x'.repeat(16 * 1024 - base.length) }] });
    expect(body).toHaveLength(16 * 1024);
    expect(parseSearchBody(body)).toHaveLength(1);
  });

  it.each([
    ['an element with an event handler', '<img src=x onerror=alert(1)>', '</img>'],
    ['a tag with a style attribute', '<mark style="background:url(x)">', '</mark>'],
    ['plain text that closes an attribute', '"><b>', '</b>'],
    ['an unclosed tag', '<mark', '</mark>'],
  ])('answers 400 to highlight tags that are %s', (_, pre, post) => {
    const error = refusalOf({ query: 'a', highlightPreTag: pre, highlightPostTag: post });
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/highlight tags/);
  });

  it('accepts plain element tags, a class attribute and InstantSearch’s sentinels as highlight tags', () => {
    expect(parseOne({ query: 'a', highlightPreTag: '<mark>', highlightPostTag: '</mark>' }).highlightPreTag).toBe(
      '<mark>',
    );
    expect(
      parseOne({ query: 'a', highlightPreTag: '<span class="search-hit-match">', highlightPostTag: '</span>' })
        .highlightPreTag,
    ).toBe('<span class="search-hit-match">');
    expect(
      parseOne({ query: 'a', highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__' })
        .highlightPostTag,
    ).toBe('__/ais-highlight__');
  });
});
