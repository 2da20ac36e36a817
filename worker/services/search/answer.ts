// An answer as the endpoint sends it: Algolia's JSON, at most `searchLimits.answerBytes`. A
// bounded request can still meet long records (a long paragraph retrieved, highlighted and
// snippeted in every hit): hits past the bound are left out, best first kept, and the counts
// (nbHits, nbPages, hitsPerPage) say what matched, as for any page of results.

import { searchLimits, type SearchResponse } from '../../../client/contract/search-protocol.ts';

/** Each hit is serialised once, measured, then joined: no second pass over the whole answer. */
export function answerJson(response: SearchResponse, maxBytes: number = searchLimits.answerBytes): string {
  let budget = maxBytes - '{"results":[]}'.length;
  const results: string[] = [];
  for (const { hits, ...rest } of response.results) {
    const restJson = JSON.stringify(rest);
    budget -= utf8Bytes(restJson) + '{"hits":[],}'.length;
    const kept: string[] = [];
    for (const hit of hits) {
      const json = JSON.stringify(hit);
      const bytes = utf8Bytes(json) + 1;
      if (bytes > budget) break;
      budget -= bytes;
      kept.push(json);
    }
    const fields = restJson === '{}' ? '}' : `,${restJson.slice(1)}`;
    results.push(`{"hits":[${kept.join(',')}]${fields}`);
  }
  return `{"results":[${results.join(',')}]}`;
}

/** UTF-8 length of a string from JSON.stringify (which leaves no lone surrogate). */
function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code < 0xe000) ? 1 : 2;
  }
  return bytes;
}
