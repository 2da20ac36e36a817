// The ranking hands out the best hits of a page of results without sorting every match: what it
// hands out must be what sorting every match would, wherever the cut between pages falls (among
// exact matches, among those that needed a typo, between record types, within one score step),
// for a few matches (sorted whole) and for many (counted in buckets).

import { describe, expect, it } from 'vitest';
import type { Matches } from '../../../../../worker/services/search/matches.ts';
import { Ranking } from '../../../../../worker/services/search/ranking.ts';
import { random } from '../../../support/synthetic-pages.ts';

/** `count` matches on ascending ids, with types, scores and typos drawn by `next`. */
function matches(count: number, next: () => number, typoShare: number): Matches {
  const ids = new Uint32Array(count);
  let id = 0;
  for (let i = 0; i < count; i++) ids[i] = id += 1 + Math.floor(next() * 40);
  const metas = Uint8Array.from({ length: count }, () => Math.floor(next() * 8) * 32 + 1);
  // Few distinct scores, so that many matches share a bucket.
  const scores = Float64Array.from({ length: count }, () => Math.floor(next() * 6) * 0.7);
  const exact = Uint8Array.from({ length: count }, () => (next() < typoShare ? 0 : 1));
  // Some records lack a word (a best-effort answer), so the cut also falls between those and the rest.
  const missing = Uint8Array.from({ length: count }, () => (next() < 0.2 ? 1 : 0));
  const apart = Uint8Array.from({ length: count }, () => (next() < 0.1 ? 1 : 0));
  return { ids, metas, scores, exact, missing, apart };
}

/** Every match in rank order, by sorting them all. */
function sortedIds(m: Matches): number[] {
  const all = new Ranking(m);
  return all.slice(0, m.ids.length);
}

describe('the ranking of a page of results', () => {
  it.each([
    ['all exact', 0],
    ['some needing a typo', 0.5],
    ['all needing a typo', 1],
  ])('gives the best hits of any page as a full sort does, %s', (_, typoShare) => {
    const next = random(7);
    for (const count of [1, 5, 21, 80, 300, 2000, 5000, 20_000]) {
      const m = matches(count, next, typoShare);
      const expected = sortedIds(m);
      for (const [from, size] of [
        [0, 20],
        [0, 5],
        [20, 20],
        [3, 7],
        [200, 50],
        [1000, 20],
      ] as const) {
        expect(new Ranking(m).slice(from, size)).toEqual(expected.slice(from, from + size));
      }
    }
  });
});

describe('the ranking of records that score alike', () => {
  it('orders runs of equal scores and each change of score by score, then by id', () => {
    // Scores in runs (as a term's records come), then alternating, then back to an earlier value.
    const scores = [2, 2, 2, 9, 9, 0.5, 9, 0.5, 2, 30, 30, 2];
    const ids = Uint32Array.from(scores, (_, i) => i + 1);
    const n = scores.length;
    const m: Matches = {
      ids,
      metas: new Uint8Array(n),
      scores: Float64Array.from(scores),
      exact: new Uint8Array(n).fill(1),
      missing: new Uint8Array(n),
      apart: new Uint8Array(n),
    };
    expect(new Ranking(m).slice(0, n)).toEqual([10, 11, 4, 5, 7, 1, 2, 3, 9, 12, 6, 8]);
  });
});
