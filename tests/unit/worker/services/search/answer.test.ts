// The answer's JSON: the response as it is while it fits, and whole hits left out (best first
// kept) once it would not, measured in UTF-8 bytes.

import { describe, expect, it } from 'vitest';
import type { SearchResponse, SearchResult } from '../../../../../client/contract/search-protocol.ts';
import { answerJson } from '../../../../../worker/services/search/answer.ts';

const result = (hits: number, text: string): SearchResult => ({
  hits: Array.from({ length: hits }, (_, index) => ({
    objectID: `hit-${index}`,
    content: text,
    _highlightResult: { content: { value: text, matchLevel: 'none', matchedWords: [] } },
  })),
  nbHits: hits,
  page: 0,
  nbPages: 1,
  hitsPerPage: 50,
  processingTimeMS: 1,
  exhaustiveNbHits: true,
  query: 'q',
  params: 'query=q',
  index: 'docs',
});

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('the answer’s JSON', () => {
  it('is the response as it is while it fits', () => {
    const response: SearchResponse = { results: [result(3, 'short'), result(0, '')] };
    expect(JSON.parse(answerJson(response))).toEqual(response);
  });

  it('leaves out the hits past the bound, whole, and keeps the counts', () => {
    const response: SearchResponse = { results: [result(50, 'x'.repeat(2000)), result(50, 'y'.repeat(2000))] };
    const json = answerJson(response, 64 * 1024);
    expect(bytes(json)).toBeLessThanOrEqual(64 * 1024);
    const parsed = JSON.parse(json) as SearchResponse;
    expect(parsed.results[0]!.hits.length).toBeGreaterThan(0);
    expect(parsed.results[0]!.hits.length).toBeLessThan(50);
    expect(parsed.results[0]!.hits.map((hit) => hit.objectID)).toEqual(
      response.results[0]!.hits.slice(0, parsed.results[0]!.hits.length).map((hit) => hit.objectID),
    );
    expect(parsed.results[1]).toMatchObject({ nbHits: 50, query: 'q' });
  });

  it('counts bytes, not characters, for text outside ASCII', () => {
    const response: SearchResponse = { results: [result(50, '🔍é語'.repeat(300))] };
    expect(bytes(answerJson(response, 32 * 1024))).toBeLessThanOrEqual(32 * 1024);
  });

  it('keeps as many hits as their UTF-8 bytes allow, neither fewer nor more', () => {
    // Two-, three- and four-byte characters, and a snippet's ellipsis, beside ASCII.
    const response: SearchResponse = { results: [result(50, 'ascii é … 語 🔍 '.repeat(40))] };
    const [{ hits, ...rest }] = response.results as [SearchResult];
    const bound = 24 * 1024;
    let budget = bound - bytes('{"results":[]}') - bytes(JSON.stringify(rest)) - bytes('{"hits":[],}');
    let fitting = 0;
    for (const hit of hits) {
      const size = bytes(JSON.stringify(hit)) + 1;
      if (size > budget) break;
      budget -= size;
      fitting++;
    }
    const parsed = JSON.parse(answerJson(response, bound)) as SearchResponse;
    expect(fitting).toBeGreaterThan(0);
    expect(fitting).toBeLessThan(50);
    expect(parsed.results[0]!.hits).toHaveLength(fitting);
  });
});
