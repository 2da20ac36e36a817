// Lists of matches merged in one pass must give what merging them two at a time gives: a word's
// term lists (best score, all fields, exact if any term is) and a best-effort answer's words
// (scores add, the words each record lacks counted).

import { describe, expect, it } from 'vitest';
import type { Postings } from '../../../../../client/contract/postings.ts';
import { termMatches, union, type Matches } from '../../../../../worker/services/search/matches.ts';
import {
  addWithin,
  anyOfWords,
  heldToMissing,
  termsMatches,
} from '../../../../../worker/services/search/merged-matches.ts';
import { random } from '../../../support/synthetic-pages.ts';

/** Postings on `count` ascending ids drawn from a small range, so that lists share records. */
function postings(count: number, next: () => number): Postings {
  const ids = new Set<number>();
  while (ids.size < count) ids.add(Math.floor(next() * count * 3) * 7);
  const sorted = Uint32Array.from([...ids].sort((a, b) => a - b));
  return { ids: sorted, metas: Uint8Array.from(sorted, () => Math.floor(next() * 256)) };
}

const plain = (m: Matches) => ({
  ids: [...m.ids],
  metas: [...m.metas],
  scores: [...m.scores],
  exact: [...m.exact],
  missing: [...m.missing],
  apart: [...m.apart],
});

describe('merging many lists of matches at once', () => {
  it('gives a word’s term lists as pairwise unions of their matches do', () => {
    const next = random(11);
    for (const lists of [1, 2, 3, 7, 30]) {
      const terms = Array.from({ length: lists }, (_, i) => ({
        postings: postings(1 + Math.floor(next() * 400), next),
        weight: 0.3 + next() * 2,
        exact: i % 3 !== 2,
      }));
      const pairwise = terms
        .map((term) => termMatches(term.postings, term.weight, term.exact))
        .reduce((all, one) => union(all, one));
      expect(plain(termsMatches(terms))).toEqual(plain(pairwise));
    }
  });

  it('gathers a best-effort answer as adding the words pairwise does, words lacking counted', () => {
    const next = random(5);
    const word = (count: number): Matches => {
      const { ids, metas } = postings(count, next);
      return {
        ids,
        metas,
        scores: Float64Array.from(ids, () => Math.floor(next() * 8) / 4),
        exact: Uint8Array.from(ids, () => (next() < 0.3 ? 0 : 1)),
        missing: new Uint8Array(ids.length),
        apart: Uint8Array.from(ids, () => (next() < 0.2 ? 1 : 0)),
      };
    };
    const rare = [word(50), word(120), word(90)];
    // Each word's rarity; the commoner word, added last, is the least rare.
    const rarities = [3, 2, 2.5, 0.5];
    const gathered = anyOfWords(rare, rarities);
    // A commoner word, looked up among the gathered records only.
    const common = word(600);
    const among = new Set(gathered.ids);
    const keep = [...common.ids.keys()].filter((i) => among.has(common.ids[i]!));
    const within: Matches = {
      ids: Uint32Array.from(keep, (i) => common.ids[i]!),
      metas: Uint8Array.from(keep, (i) => common.metas[i]!),
      scores: Float64Array.from(keep, (i) => common.scores[i]!),
      exact: Uint8Array.from(keep, (i) => common.exact[i]!),
      missing: new Uint8Array(keep.length),
      apart: Uint8Array.from(keep, (i) => common.apart[i]!),
    };
    addWithin(gathered, within, rarities[3]!);
    const answer = heldToMissing(gathered, 4, 8);
    const held = (m: Matches): Matches => ({ ...m, missing: new Uint8Array(m.ids.length).fill(1) });
    const pairwise = [...rare, within].map(held).reduce((all, one) => union(all, one, true));
    const expected = { ...plain(pairwise), missing: [...pairwise.missing].map((count) => 4 - count) };
    expect(plain(answer)).toEqual(expected);
    expect(Math.min(...answer.missing)).toBe(0);
    // The share of the query each record holds: its words' rarities over all of them.
    const words = [...rare, within];
    const share = [...answer.ids].map(
      (id) => words.reduce((sum, one, i) => sum + (one.ids.includes(id) ? rarities[i]! : 0), 0) / 8,
    );
    expect([...answer.held!].map((value) => value.toFixed(6))).toEqual(share.map((value) => value.toFixed(6)));
  });
});
