// Matches in rank order (see `Ranking`): one number a record sorts on every criterion at once.

import { fieldBits, typeRank } from '../../../client/contract/index-pieces.ts';
import type { Matches } from './matches.ts';

export const idSpan = 2 ** 32;
/** Up to this many matches, a page of them is taken from all of them sorted. */
const sortedUpTo = 4096;
/** Score steps: a log scale, 1/128 of a doubling a step. */
const scoreSteps = 2048;
/**
 * Ranking buckets: every word or not (2) × typos (2) × names apart (2) × record type (8; for
 * records lacking a word, the share of the query held) × score steps.
 */
const buckets = 2 * 2 * 2 * 8 * scoreSteps;
/** Buckets are counted in blocks too, so the cut is found in a few hundred steps, not tens of thousands. */
const blockBits = 8;
/** One count a bucket and one a block, shared by every ranking (a query ranks in one go): not 256 KB a query. */
let histogram: Uint32Array | undefined;
let blockCounts: Uint32Array | undefined;

/**
 * The ranking's count a bucket, for another count of buckets to borrow between rankings (a
 * one-word query's bounds, word-bounds.ts): it must be left zeroed.
 */
export function bucketCounts(): Uint32Array {
  histogram ??= new Uint32Array(buckets);
  return histogram;
}

/** The field bit of a record's page title (`indexedFields`' first: lvl1). */
const titleField = fieldBits.lvl1;

/**
 * A match's place on the record-type criterion, from its meta byte (type × 32 + field bits): its
 * record's type (title, heading levels, text).
 */
const recordType = Uint8Array.from({ length: 256 }, (_, meta) => meta >> 5);

/**
 * The same for a query of several words: a title or heading record by its level (h5 and h6 with
 * h4's), then a text record whose page title holds a word of the query, then one holding them in
 * its text and headings alone. So words found on a page titled by one of them come before the
 * same words found side by side on another page (`mermaid diagrams`: the Mermaid theme's page
 * before a config table's row), as DocSearch's ranking puts its attribute criterion before
 * proximity. Only the title: a word in a section's heading is as often its context as its
 * subject (the quality bench). A one-word query's pages are ranked by their title records first
 * anyway: it keeps `recordType`, which its bounds (word-bounds.ts) are worked out with.
 */
export const titleFirstType = Uint8Array.from({ length: 256 }, (_, meta) => {
  const type = meta >> 5;
  if (type === typeRank.content) return meta & titleField ? 6 : 7;
  return Math.min(type, 5);
});

/** A score's step on the ranking's log scale: higher scores get lower steps, and rank first. */
export function scoreStep(score: number): number {
  return scoreSteps - 1 - Math.min(scoreSteps - 1, Math.round(Math.log2(1 + score) * 128));
}

/** The bucket a record sorts in: every criterion but its id, as one number (lower ranks first). */
export function bucketOf(partial: number, typos: number, apart: number, type: number, step: number): number {
  return (((partial * 2 + typos) * 2 + apart) * 8 + type) * scoreSteps + step;
}

/** What the search service asks of a query's matches in rank order (`Ranking`, `WordRanking`). */
export interface Ranked {
  /** Matching records (`nbHits`). */
  readonly count: number;
  /** Records holding every word of the query (the rest are a best-effort answer, ranked after them). */
  readonly fullCount: number;
  /** Ids of ranks `from` to `from + count`. */
  slice(from: number, count: number): number[];
  /** Whether matched record `id` is a title or heading (not text). */
  isHeading(id: number): boolean;
  /** Matched record `id`'s rank on every criterion but its score (see `Ranking.groupOf`). */
  groupOf(id: number): number;
  /** Pages (by `pageOf`) best first, by their best record. */
  pages(pageOf: (id: number) => number): number[];
  /** Ids of the records of `pages`, best first. */
  recordsOf(pages: Set<number>, pageOf: (id: number) => number): number[];
}

/**
 * A best-effort record's share of the query held, in quarters: 0 for the most. Coarse, so that a
 * record lacking a rare word comes after one lacking only common ones, while records holding
 * about as much are ordered by field and score (a title holding most of the query before a
 * paragraph holding a little more).
 */
function heldRank(share: number | undefined): number {
  return share === undefined ? 0 : 3 - Math.min(3, Math.floor(share * 4));
}

/**
 * Matches in rank order: records holding every word before those that lack some (a best-effort
 * answer, as Algolia's optional words), exact before typos, an API name found as one name before
 * its words found apart (as Algolia's proximity), then by record type (title,
 * headings, text; not among records that lack a word, where the words they hold, weighed by
 * rarity and field, come first), then by score, then in reading order. (Phrase proximity comes
 * before the score, among the hits a search reads: proximity.ts.) Each record gets one
 * number that sorts on all of these (bucket × 2^32 + id); only the ranks asked for are sorted,
 * so a word found in most records costs a pass over them, not a sort.
 */
export class Ranking implements Ranked {
  private readonly keys: Float64Array;
  private sorted?: Float64Array;
  /** Records holding every word of the query (the rest are a best-effort answer, ranked after them). */
  readonly fullCount: number = 0;

  constructor(
    private readonly matches: Matches,
    byType = true,
    /** A query of several words: `titleFirstType` places its records, else `recordType`. */
    titleFirst = false,
  ) {
    const typeOf = titleFirst ? titleFirstType : recordType;
    this.keys = new Float64Array(matches.ids.length);
    // Records in a row often score alike (a term's records differ only by field and type): the
    // logarithm is taken once for each run of equal scores.
    let lastScore = NaN;
    let score = 0;
    for (let i = 0; i < this.keys.length; i++) {
      const partial = matches.missing[i]! > 0 ? 1 : 0;
      this.fullCount += 1 - partial;
      const typos = matches.exact[i] ? 0 : 1;
      // Among records lacking a word, the share of the query they hold (its words weighed by
      // rarity) takes the record type's place: most of the query first, as Algolia's words
      // criterion ranks optional words.
      const type = partial ? heldRank(matches.held?.[i]) : byType ? typeOf[matches.metas[i]!]! : 0;
      // Higher scores first.
      if (matches.scores[i] !== lastScore) {
        lastScore = matches.scores[i]!;
        score = scoreStep(lastScore);
      }
      // `bucketOf`, written out: a cold isolate interprets this loop, a call a match costs there.
      const bucket = (((partial * 2 + typos) * 2 + matches.apart[i]!) * 8 + type) * scoreSteps + score;
      this.keys[i] = bucket * idSpan + matches.ids[i]!;
    }
  }

  get count(): number {
    return this.keys.length;
  }

  /** Whether matched record `id` is a title or heading (not text): its type is in every posting's meta. */
  isHeading(id: number): boolean {
    const at = this.indexOf(id);
    return at !== -1 && this.matches.metas[at]! >> 5 !== typeRank.content;
  }

  /**
   * Matched record `id`'s rank on every criterion but its score (every word or not, typos, API
   * names apart, record type): records of one group are ordered by proximity where their text is
   * read, before their score.
   */
  groupOf(id: number): number {
    const at = this.indexOf(id);
    return at === -1 ? Infinity : Math.floor(this.keys[at]! / idSpan / scoreSteps);
  }

  /** Whether `id` is one of the matches. */
  has(id: number): boolean {
    return this.indexOf(id) !== -1;
  }

  /** Matched record `id`'s sort key (bucket × 2^32 + id): lower ranks first. */
  keyOf(id: number): number {
    return this.keys[this.indexOf(id)]!;
  }

  private indexOf(id: number): number {
    const { ids } = this.matches;
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (ids[middle]! === id) return middle;
      if (ids[middle]! < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** Ids of ranks `from` to `from + count`. */
  slice(from: number, count: number): number[] {
    const wanted = Math.min(from + count, this.keys.length);
    if (wanted <= from) return [];
    // A few thousand keys sort natively in less time than the histogram's arrays take to set up.
    const sortAll = wanted * 4 >= this.keys.length || this.keys.length <= sortedUpTo;
    const best = sortAll ? this.allSorted() : this.smallest(wanted);
    return Array.from(best.subarray(from, wanted), (key) => key % idSpan);
  }

  /** Pages (by `pageOf`) best first, by their best record. */
  pages(pageOf: (id: number) => number): number[] {
    const { ids } = this.matches;
    const runs: { page: number; best: number }[] = [];
    // Ids ascend, so a page's records are one run.
    for (let i = 0; i < ids.length; i++) {
      const page = pageOf(ids[i]!);
      const last = runs[runs.length - 1];
      if (last && last.page === page) last.best = Math.min(last.best, this.keys[i]!);
      else runs.push({ page, best: this.keys[i]! });
    }
    return runs.sort((a, b) => a.best - b.best).map((run) => run.page);
  }

  /** Ids of the records of `pages`, best first. */
  recordsOf(pages: Set<number>, pageOf: (id: number) => number): number[] {
    const kept: number[] = [];
    for (let i = 0; i < this.keys.length; i++) if (pages.has(pageOf(this.matches.ids[i]!))) kept.push(this.keys[i]!);
    return kept.sort((a, b) => a - b).map((key) => key % idSpan);
  }

  private allSorted(): Float64Array {
    this.sorted ??= this.keys.slice().sort();
    return this.sorted;
  }

  /** The `count` smallest keys, sorted: a histogram of buckets finds where the cut falls. */
  private smallest(count: number): Float64Array {
    histogram ??= new Uint32Array(buckets);
    blockCounts ??= new Uint32Array(buckets >> blockBits);
    let first = buckets;
    let last = 0;
    for (const key of this.keys) {
      const bucket = Math.floor(key / idSpan);
      histogram[bucket]!++;
      blockCounts[bucket >> blockBits]!++;
      if (bucket < first) first = bucket;
      if (bucket > last) last = bucket;
    }
    // The block the cut falls in, then the bucket within it. (Bucket by bucket, a query whose
    // hits all need a typo walked every exact-match bucket, all empty: slow on a cold isolate.)
    let block = first >> blockBits;
    let below = 0;
    while (below + blockCounts[block]! < count) below += blockCounts[block++]!;
    let cut = Math.max(first, block << blockBits);
    while (below + histogram[cut]! < count) below += histogram[cut++]!;
    // Left zeroed for the next query: only the buckets and blocks this one touched.
    histogram.fill(0, first, last + 1);
    blockCounts.fill(0, first >> blockBits, (last >> blockBits) + 1);
    const chosen = new Float64Array(count);
    let n = 0;
    let fromCut = count - below;
    // Keys follow id order, so the first ones met in the cut bucket are its best.
    for (const key of this.keys) {
      const bucket = Math.floor(key / idSpan);
      if (bucket < cut) chosen[n++] = key;
      else if (bucket === cut && fromCut > 0) {
        chosen[n++] = key;
        fromCut--;
      }
    }
    return chosen.sort();
  }
}
