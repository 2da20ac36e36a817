// Phrase proximity: records holding the query's words side by side and in order before those
// holding them scattered, among records alike on every other criterion but their score. The
// index keeps no positions, so it is judged on the text of the records a search reads anyway
// (the hits shown), and orders them among themselves.

import type { SearchRecord } from '../../../client/contract/search-protocol.ts';
import { wordPatternFor } from '../../../client/contract/search-text.ts';
import { matchingQueryWord, queryWords } from './highlight.ts';

/** How near a record holds the words: a phrase (adjacent, in order), near (within a few words), or apart. */
export const proximity = { phrase: 0, near: 1, apart: 2 } as const;

/** Words that may lie between the query's and still count as near (`dispatches an action` for `dispatch action`). */
const nearSlack = 2;

const levels = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/**
 * A record's proximity to a query of several words: its headings, section and page title first,
 * then its text, read as one run of words (`Store › dispatch(action)` holds `store dispatch` as a phrase).
 * A query of one word: every record alike (`phrase`).
 */
export function proximityOf(record: SearchRecord, words: string[]): number {
  const wanted = [...new Set(words)];
  if (wanted.length < 2) return proximity.phrase;
  const text = [...levels.map((level) => record.hierarchy[level]), record.content].filter(Boolean).join(' ');
  const positions: number[] = [];
  for (const word of text.match(wordPatternFor(text)) ?? []) {
    const match = matchingQueryWord(word, words);
    positions.push(match === undefined ? -1 : wanted.indexOf(match));
  }
  const span = shortestSpan(positions, wanted.length);
  if (span === undefined) return proximity.apart;
  if (span.length === wanted.length && span.inOrder) return proximity.phrase;
  return span.length <= wanted.length + nearSlack ? proximity.near : proximity.apart;
}

/**
 * The shortest run of words holding each of `count` query words (`positions[i]`: the query word
 * that word `i` answers to, -1 for none), and whether its first occurrences there are in query order.
 */
function shortestSpan(positions: number[], count: number): { length: number; inOrder: boolean } | undefined {
  const seen = new Array<number>(count).fill(0);
  let held = 0;
  let best: { length: number; start: number } | undefined;
  let start = 0;
  for (let end = 0; end < positions.length; end++) {
    const word = positions[end]!;
    if (word < 0) continue;
    if (seen[word]!++ === 0) held++;
    while (held === count) {
      const length = end - start + 1;
      if (!best || length < best.length) best = { length, start };
      const first = positions[start++]!;
      if (first >= 0 && --seen[first]! === 0) held--;
    }
  }
  if (!best) return undefined;
  const order = positions.slice(best.start, best.start + best.length).filter((word) => word >= 0);
  return { length: best.length, inOrder: order.every((word, i) => i === 0 || word >= order[i - 1]!) };
}

/**
 * Records read for a search (`records[i]` is record `ids[i]`, in rank order), put in rank order
 * with proximity: by the ranking's criteria but the score (`groupOf`: every word or not, typos,
 * API names apart, title > headings > text), then proximity, then as ranked (score, reading
 * order). The modal, `/search` and the Algolia-protocol endpoint all order their hits with it.
 */
export function byProximity(
  query: string,
  ids: ArrayLike<number>,
  records: SearchRecord[],
  groupOf: (id: number) => number,
): SearchRecord[] {
  const words = queryWords(query);
  return records
    .map((record, at) => ({ record, at, group: groupOf(ids[at]!), near: proximityOf(record, words) }))
    .sort((a, b) => a.group - b.group || a.near - b.near || a.at - b.at)
    .map((hit) => hit.record);
}
