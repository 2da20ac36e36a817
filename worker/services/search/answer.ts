// An answer as the endpoint sends it: Algolia's JSON, at most `searchLimits.answerBytes`. A
// bounded request can still meet long records (a long paragraph retrieved, highlighted and
// snippeted in every hit): hits past the bound are left out, best first kept, and the counts
// (nbHits, nbPages, hitsPerPage) say what matched, as for any page of results.

import { searchLimits, type SearchResponse } from '../../../client/contract/search-protocol.ts';

/**
 * Hits already serialised, with their UTF-8 length (and a comma): an answer is serialised for the
 * edge cache, then again with the reader's queryID beside the same hits, which are not changed.
 */
const serialised = new WeakMap<object, { json: string; bytes: number }>();

/** Each hit is serialised once, measured, then joined: no second pass over the whole answer. */
export function answerJson(response: SearchResponse, maxBytes: number = searchLimits.answerBytes): string {
  let budget = maxBytes - '{"results":[]}'.length;
  const results: string[] = [];
  for (const { hits, ...rest } of response.results) {
    const restJson = JSON.stringify(rest);
    budget -= utf8Bytes(restJson) + '{"hits":[],}'.length;
    const kept: string[] = [];
    for (const hit of hits) {
      let done = serialised.get(hit);
      if (!done) {
        const json = JSON.stringify(hit);
        serialised.set(hit, (done = { json, bytes: utf8Bytes(json) + 1 }));
      }
      if (done.bytes > budget) break;
      budget -= done.bytes;
      kept.push(done.json);
    }
    const fields = restJson === '{}' ? '}' : `,${restJson.slice(1)}`;
    results.push(`{"hits":[${kept.join(',')}]${fields}`);
  }
  return `{"results":[${results.join(',')}]}`;
}

const beyondAscii = /[\u0080-\uffff]/;
/** Characters of two UTF-8 bytes, and halves of a pair (four bytes the pair). */
const twoBytes = /[\u0080-\u07ff\ud800-\udfff]/g;
const threeBytes = /[\u0800-\ud7ff\ue000-\uffff]/g;

/**
 * UTF-8 length of a string from JSON.stringify (which leaves no lone surrogate). Native searches,
 * not a loop over every character: interpreted on a cold isolate, that loop was a sizeable part
 * of the first search, and a snippet's ellipsis puts a wide character in most hits.
 */
function utf8Bytes(text: string): number {
  if (!beyondAscii.test(text)) return text.length;
  return text.length + (text.match(twoBytes)?.length ?? 0) + 2 * (text.match(threeBytes)?.length ?? 0);
}
