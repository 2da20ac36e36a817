// A one-word query ranks only the records that can reach the page asked for: its pages of hits,
// their headings and groups, and `nbHits` must be what ranking every match gives, however the
// word's terms overlap, whichever of them needs a typo, and whichever weighs more.

import { describe, expect, it } from 'vitest';
import { fieldBits } from '../../../../../client/contract/index-pieces.ts';
import type { Postings } from '../../../../../client/contract/postings.ts';
import { termsMatches, type TermPostings } from '../../../../../worker/services/search/merged-matches.ts';
import { restrictToPages } from '../../../../../worker/services/search/matches.ts';
import { weighByPage } from '../../../../../worker/services/search/page-weight.ts';
import { Ranking } from '../../../../../worker/services/search/ranking.ts';
import { countWord } from '../../../../../worker/services/search/record-count.ts';
import { bestRecords, rankWord, WordRanking } from '../../../../../worker/services/search/word-ranking.ts';
import { random } from '../../../support/synthetic-pages.ts';

const rankBits = 16;

/** `count` postings over pages of up to 80 records, a share of them titles or headings. */
function postings(count: number, next: () => number, headings = 0.05): Postings {
  const ids = new Set<number>();
  while (ids.size < count) ids.add(Math.floor(next() * 4000) * 2 ** rankBits + Math.floor(next() * 80));
  const sorted = Uint32Array.from(ids).sort();
  // Type rank × 32 + field bits: mostly text (type 7), some titles and headings, in any fields;
  // a record holding the word in its own field is a mention of it, which its page's weight counts.
  const metas = Uint8Array.from(
    sorted,
    () => (next() < headings ? Math.floor(next() * 4) : 7) * 32 + 1 + Math.floor(next() * 31),
  );
  return { ids: sorted, metas };
}

/** A word's terms: the word itself, its plural, completions and typos, some weighing more than the word. */
function wordTerms(next: () => number, sizes: number[], typoWeight: number, typos = true): TermPostings[] {
  return sizes.map((size, at) => ({
    postings: postings(size, next),
    weight: at === 0 ? 1 : at % 2 ? typoWeight : 0.6,
    exact: !typos || at % 2 === 0,
  }));
}

/** The full ranking, as the search service ranks a query's matches: weighed by page. */
const everyMatch = (terms: TermPostings[]) => () => new Ranking(weighByPage(termsMatches(terms), 2 ** rankBits));

describe('the ranking of a one-word query', () => {
  it.each([
    ['the word alone', [30_000], 2],
    ['the word and its plural', [20_000, 6000], 0.4],
    ['typos weighing more than the word', [12_000, 9000, 4000, 3000], 3],
    ['a prefix of many completions', [8000, 1000, 7000, 500, 6000, 300, 5000, 200], 0.9],
    ['completions without a typo, a record holding several', [9000, 8000, 7000, 6000], 0.8, false],
  ])('gives the pages of hits and nbHits that ranking every match gives: %s', (_, sizes, typoWeight, typos = true) => {
    const next = random(sizes.length * 17);
    const terms = wordTerms(next, sizes, typoWeight, typos);
    const full = everyMatch(terms)();
    const ranked = new WordRanking(terms, rankBits, () => {
      throw new Error('ranked every match');
    });
    expect(ranked.count).toBe(full.count);
    expect(ranked.fullCount).toBe(full.count);
    for (const [from, size] of [
      [0, 20],
      [0, 1],
      [20, 20],
      [0, 50],
    ] as const) {
      const ids = ranked.slice(from, size);
      expect(ids).toEqual(full.slice(from, size));
      expect(ids.map((id) => ranked.groupOf(id))).toEqual(ids.map((id) => full.groupOf(id)));
      expect(ids.map((id) => ranked.isHeading(id))).toEqual(ids.map((id) => full.isHeading(id)));
    }
  });

  it('ranks the pages of a hundred records for a page, not the thousands of records the word matches', () => {
    const terms = wordTerms(random(3), [20_000, 5000, 3000], 3);
    const best = bestRecords(terms, 20, rankBits, countWord(terms, rankBits).mentions)!;
    // Whole pages, for their page weight: about 7 of the word's records a page here.
    expect(best.count).toBeLessThan(1000);
    expect(everyMatch(terms)().count).toBeGreaterThan(20_000);
    expect(best.slice(0, 20)).toEqual(everyMatch(terms)().slice(0, 20));
  });

  it('finds a record whose typo outweighs its word, where neither posting alone would put it first', () => {
    // Record A holds the word in its text, weakly, and a typo of it, strongly: together it ranks
    // first (exact, with the typo's score); by its typo alone it would rank after every exact match.
    const page = (n: number) => n * 2 ** rankBits;
    const text = 7 * 32 + 1;
    const word: Postings = {
      ids: Uint32Array.from({ length: 5000 }, (_, i) => page(i + 1)),
      metas: new Uint8Array(5000).fill(text),
    };
    const a = page(4000) + 1;
    const terms: TermPostings[] = [
      {
        postings: { ids: Uint32Array.from([...word.ids, a]).sort(), metas: new Uint8Array(5001).fill(text) },
        weight: 1,
        exact: true,
      },
      { postings: { ids: Uint32Array.from([a]), metas: Uint8Array.from([text]) }, weight: 50, exact: false },
    ];
    const ranked = rankWord(terms, rankBits, everyMatch(terms));
    expect(ranked.slice(0, 3)[0]).toBe(a);
    expect(ranked.slice(0, 3)).toEqual(everyMatch(terms)().slice(0, 3));
  });

  it('takes the records their page lifts above the cut their own scores would leave them under', () => {
    // 5,000 pages mention the word once; one page holds a completion of it in 40 paragraphs, each
    // scoring 0.6 of a mention, which the page's 40 mentions weigh 2.14 times: above all the others.
    const page = (n: number) => n * 2 ** rankBits;
    const text = 7 * 32 + fieldBits.content;
    const once: Postings = {
      ids: Uint32Array.from({ length: 5000 }, (_, i) => page(i + 1)),
      metas: new Uint8Array(5000).fill(text),
    };
    const many: Postings = {
      ids: Uint32Array.from({ length: 40 }, (_, i) => page(6000) + i),
      metas: new Uint8Array(40).fill(text),
    };
    const terms: TermPostings[] = [
      { postings: once, weight: 1, exact: true },
      { postings: many, weight: 0.6, exact: true },
    ];
    const full = everyMatch(terms)();
    expect(full.slice(0, 20).map((id) => id - page(6000))).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const ranked = new WordRanking(terms, rankBits, () => {
      throw new Error('ranked every match');
    });
    expect(ranked.slice(0, 20)).toEqual(full.slice(0, 20));
    expect(ranked.slice(30, 20)).toEqual(full.slice(30, 20));
  });

  it('ranks every match for the /search page, whose grouping by page needs them all', () => {
    const terms = wordTerms(random(5), [10_000], 1);
    const full = everyMatch(terms)();
    let ranked = 0;
    const word = rankWord(terms, rankBits, () => {
      ranked++;
      return full;
    });
    word.slice(0, 20);
    expect(ranked).toBe(0);
    const pageOf = (id: number) => Math.floor(id / 2 ** rankBits);
    expect(word.pages(pageOf)).toEqual(full.pages(pageOf));
    expect(ranked).toBe(1);
  });
});

describe('the postings of whole pages', () => {
  it('keeps every posting of the pages asked for, and none of the others', () => {
    const terms = wordTerms(random(9), [20_000], 1);
    const { ids, metas } = terms[0]!.postings;
    const pageOf = (id: number) => Math.floor(id / 2 ** rankBits);
    const pages = Uint32Array.from(new Set([pageOf(ids[0]!), 17, pageOf(ids[10_000]!), pageOf(ids[19_999]!), 9999]));
    const kept = restrictToPages({ ids, metas }, pages.sort(), rankBits);
    const wanted = [...ids.keys()].filter((at) => pages.includes(pageOf(ids[at]!)));
    expect(wanted.length).toBeGreaterThan(10);
    expect([...kept.ids]).toEqual(wanted.map((at) => ids[at]));
    expect([...kept.metas]).toEqual(wanted.map((at) => metas[at]));
  });
});
