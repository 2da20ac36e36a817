// A one-word query's `nbHits` is the number of distinct records its terms hold, however they
// overlap: a page's first 64 records are counted in bits, the others listed and counted once each.

import { describe, expect, it } from 'vitest';
import type { Postings } from '../../../../../client/contract/postings.ts';
import type { TermPostings } from '../../../../../worker/services/search/merged-matches.ts';
import { countWord } from '../../../../../worker/services/search/record-count.ts';
import { random } from '../../../support/synthetic-pages.ts';

const rankBits = 10;

/** `count` records of 300 pages of up to `ranks` records each, every one in the page's own text. */
function postings(count: number, ranks: number, next: () => number): Postings {
  const ids = new Set<number>();
  while (ids.size < count) ids.add(Math.floor(next() * 300) * 2 ** rankBits + Math.floor(next() * ranks));
  const sorted = Uint32Array.from(ids).sort();
  return { ids: sorted, metas: new Uint8Array(sorted.length).fill(7 * 32 + 31) };
}

const term = (postings: Postings): TermPostings => ({ postings, weight: 1, exact: true });

/** What counting every record in a set gives. */
function distinctRecords(terms: TermPostings[]): number {
  return new Set(terms.flatMap((one) => [...one.postings.ids])).size;
}

describe('the records a word matches', () => {
  it.each([
    ['one term', [5000], 200],
    ['the word and a few completions, the word first', [8000, 40, 7, 300, 1], 200],
    ['the longest term in the middle of the terms', [60, 900, 9000, 12, 2500], 250],
    ['two terms of the same size', [6000, 6000], 300],
    ['terms only within the first 64 records', [3000, 2000, 1000], 64],
    ['a term past the 64th record and terms within it', [3000, 2000], 128],
  ])('counts each record once: %s', (_, sizes, ranks) => {
    const next = random(sizes.length * 31 + ranks);
    const terms = sizes.map((size) => term(postings(size, ranks, next)));
    const { records } = countWord(terms, rankBits);
    expect(records).toBe(distinctRecords(terms));
    if (sizes.length > 1) expect(records).toBeLessThan(sizes.reduce((sum, size) => sum + size, 0));
  });

  it('counts a record past the 64th that several terms hold once, whichever term holds it first', () => {
    const id = (page: number, rank: number) => page * 2 ** rankBits + rank;
    const terms = [
      [id(1, 70), id(2, 5), id(2, 90)],
      [id(0, 64), id(1, 70), id(1, 71), id(2, 90), id(3, 900)],
      [id(1, 70), id(3, 900), id(4, 63)],
    ].map((ids) => term({ ids: Uint32Array.from(ids), metas: new Uint8Array(ids.length).fill(7 * 32 + 31) }));
    expect(countWord(terms, rankBits).records).toBe(7);
  });
});
