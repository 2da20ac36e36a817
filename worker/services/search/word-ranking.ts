// A one-word query's page of hits without merging and ranking every record the word matches: a
// page needs its few best hits and how many match (`nbHits`), not all of them in order. Each
// posting bounds how well its record can rank (its term's weight, its fields and record type, and
// the page weight its page can have at most), so the records that can reach the page are found
// from the postings that could put them there, taken in id order until enough are, and only
// their whole pages are merged, weighed by page and ranked. What needs every match in order (the
// `/search` page's grouping by page) ranks them all, as before.

import { restrictToPages } from './matches.ts';
import { termsMatches, type TermPostings } from './merged-matches.ts';
import { weighByPage } from './page-weight.ts';
import { idSpan, Ranking, type Ranked } from './ranking.ts';
import { countWord } from './record-count.ts';
import { WordBounds } from './word-bounds.ts';

/**
 * Below this many postings every match is merged and ranked: sorting a few thousand costs less
 * than counting them apart and gathering the best.
 */
export const boundedFrom = 4096;

/**
 * The ranking of a query of one word (no parts, no facet filter) whose terms are `terms`;
 * `everyMatch` ranks every match the usual way, for what the bound cannot answer.
 */
export function rankWord(terms: TermPostings[], rankBits: number, everyMatch: () => Ranking): Ranked {
  const postings = terms.reduce((sum, term) => sum + term.postings.ids.length, 0);
  return postings < boundedFrom ? everyMatch() : new WordRanking(terms, rankBits, everyMatch);
}

export class WordRanking implements Ranked {
  readonly count: number;
  readonly fullCount: number;
  private every?: Ranking;
  /** The best records found for the first `need` ranks; undefined where the bound could not tell them. */
  private best?: { need: number; ranking: Ranking | undefined };
  /** By page: how many of its records mention the word (the page weight's count). */
  private readonly mentions: Uint32Array;

  constructor(
    private readonly terms: TermPostings[],
    private readonly rankBits: number,
    private readonly everyMatch: () => Ranking,
  ) {
    const { records, mentions } = countWord(terms, rankBits);
    this.count = records;
    this.mentions = mentions;
    // A word's matches all hold the query's only word.
    this.fullCount = this.count;
  }

  slice(from: number, count: number): number[] {
    const need = Math.min(from + count, this.count);
    if (need <= from) return [];
    return (this.bestFor(need) ?? this.all()).slice(from, count);
  }

  isHeading(id: number): boolean {
    return this.knowing(id).isHeading(id);
  }

  groupOf(id: number): number {
    return this.knowing(id).groupOf(id);
  }

  pages(pageOf: (id: number) => number): number[] {
    return this.all().pages(pageOf);
  }

  recordsOf(pages: Set<number>, pageOf: (id: number) => number): number[] {
    return this.all().recordsOf(pages, pageOf);
  }

  /** A ranking that holds `id` as the full ranking would: the best records' when it is one of them. */
  private knowing(id: number): Ranking {
    const best = this.best?.ranking;
    return best?.has(id) ? best : this.all();
  }

  private all(): Ranking {
    this.every ??= this.everyMatch();
    return this.every;
  }

  private bestFor(need: number): Ranking | undefined {
    if (!this.best || this.best.need < need)
      this.best = { need, ranking: bestRecords(this.terms, need, this.rankBits, this.mentions) };
    return this.best.ranking;
  }
}

/**
 * A ranking of a few of the word's records whose first `need` ranks are the full ranking's, or
 * undefined when the bound cannot tell which those are. `mentions`: by page, at least the count of
 * the word's mentions by which the full ranking weighs its records' scores (record-count.ts).
 *
 * No record ranks better than the best bound of its postings (word-bounds.ts). Let `cut` be the
 * first bucket by which `take` postings are bounded: every record bounded before it is taken,
 * and of those bounded in it, the first by id, up to an id below which all of them are; records
 * bounded later, or in `cut` past that id, rank after all of those. If `need` of the records
 * taken rank within that limit, they are the page; otherwise (their typos or scores did not reach
 * their bound) more are taken, and past a few tries the caller ranks every match.
 */
export function bestRecords(
  terms: TermPostings[],
  need: number,
  rankBits: number,
  mentions: Uint32Array,
): Ranking | undefined {
  const postings = terms.reduce((sum, term) => sum + term.postings.ids.length, 0);
  // Where a page asks for a good share of the matches, gathering them is no cheaper.
  if (need * 4 >= postings) return undefined;
  const bounds = new WordBounds(terms, mentions, rankBits);
  // Bounds a typo's posting may not reach (its record lacks the exact term) can fill the cut: a
  // few more postings are then taken, before every match is ranked.
  const takes: number[] = [];
  for (let take = need; take <= need * maxWidening && take * 4 < postings; take *= 4) takes.push(take);
  const cuts = bounds.cuts(takes);
  for (const [at, take] of takes.entries()) {
    const cut = cuts[at]!;
    const { records, limit } = bounds.recordsUpTo(cut, take);
    // Whole pages, so that the page weight counts their mentions as it does among every match.
    const pages = pagesOf(records, rankBits);
    const matches = termsMatches(
      terms.map((term) => ({ ...term, postings: restrictToPages(term.postings, pages, rankBits) })),
    );
    const ranking = new Ranking(weighByPage(matches, 2 ** rankBits));
    if (ranking.count >= need && ranking.keyOf(ranking.slice(need - 1, 1)[0]!) <= cut * idSpan + limit) return ranking;
  }
  return undefined;
}

/** How far past `need` postings the cut may move, in all, before every match is ranked instead. */
const maxWidening = 64;

/** The pages of `records` (ascending), once each. */
function pagesOf(records: Uint32Array, rankBits: number): Uint32Array {
  const pages: number[] = [];
  for (const id of records) {
    const page = id >>> rankBits;
    if (pages[pages.length - 1] !== page) pages.push(page);
  }
  return Uint32Array.from(pages);
}
