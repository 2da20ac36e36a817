// Records a query matches, as parallel typed arrays sorted by record id: built per query word
// from the postings of the terms it stands for (union), then combined across words (AND).

import { typeRank } from '../../../client/contract/index-pieces.ts';
import type { Postings } from '../../../client/contract/postings.ts';
import { fieldBoost, indexedFields } from '../../../client/contract/search-text.ts';

export interface Matches {
  /** Record ids (page × 2^16 + rank), ascending. */
  ids: Uint32Array;
  /** Type rank × 32 + field bits, from the postings. */
  metas: Uint8Array;
  scores: Float64Array;
  /** 1 where every word matched exactly or as a prefix, 0 where some word needed a typo. */
  exact: Uint8Array;
  /**
   * Query words the record lacks (0: it holds them all). While a best-effort answer is gathered
   * (`union` with `add`), the words it holds instead.
   */
  missing: Uint8Array;
  /** 1 where a compound or camelCase word was found only by its parts, apart (not as one name). */
  apart: Uint8Array;
}

/** Sum of the boosts of the fields in a meta byte's low five bits. */
const boostOfMask = Array.from({ length: 32 }, (_, mask) =>
  indexedFields.reduce((sum, field, bit) => sum + (mask & (1 << bit) ? fieldBoost[field] : 0), 0),
);

/** A term's matches: `weight` scales the field boosts (rarer terms and exact words weigh more). */
export function termMatches(postings: Postings, weight: number, exact: boolean): Matches {
  const n = postings.ids.length;
  const scores = new Float64Array(n);
  for (let i = 0; i < n; i++) scores[i] = weight * boostOfMask[postings.metas[i]! & 31]!;
  return {
    ids: postings.ids,
    metas: postings.metas,
    scores,
    exact: new Uint8Array(n).fill(exact ? 1 : 0),
    missing: new Uint8Array(n),
    apart: new Uint8Array(n),
  };
}

/** The postings of records in `within` (ascending): galloping, so a rare word costs little against a common one. */
export function restrict(postings: Postings, within: Uint32Array): Postings {
  const ids = new Uint32Array(Math.min(within.length, postings.ids.length));
  const metas = new Uint8Array(ids.length);
  const list = postings.ids;
  let n = 0;
  let at = 0;
  for (let k = 0; k < within.length && at < list.length; k++) {
    const id = within[k]!;
    // Gallop to a bound past `id`, then search between.
    let step = 1;
    let high = at;
    while (high < list.length && list[high]! < id) {
      at = high;
      high += step;
      step *= 2;
    }
    let low = at;
    high = Math.min(high, list.length);
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (list[middle]! < id) low = middle + 1;
      else high = middle;
    }
    at = low;
    if (at < list.length && list[at] === id) {
      ids[n] = id;
      metas[n++] = postings.metas[at]!;
    }
  }
  return { ids: ids.subarray(0, n), metas: metas.subarray(0, n) };
}

function allocate(n: number): Matches {
  return {
    ids: new Uint32Array(n),
    metas: new Uint8Array(n),
    scores: new Float64Array(n),
    exact: new Uint8Array(n),
    missing: new Uint8Array(n),
    apart: new Uint8Array(n),
  };
}

function trimmed(m: Matches, n: number): Matches {
  return {
    ids: m.ids.subarray(0, n),
    metas: m.metas.subarray(0, n),
    scores: m.scores.subarray(0, n),
    exact: m.exact.subarray(0, n),
    missing: m.missing.subarray(0, n),
    apart: m.apart.subarray(0, n),
  };
}

/**
 * Records matched by either. A record found by two terms of one word keeps its best match;
 * with `add` (any word of a query: suggestions, best-effort answers) the scores add, and so do
 * the words held (`missing`, which counts them then).
 */
export function union(a: Matches, b: Matches, add = false): Matches {
  const out = allocate(a.ids.length + b.ids.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.ids.length || j < b.ids.length) {
    const fromA = j >= b.ids.length || (i < a.ids.length && a.ids[i]! <= b.ids[j]!);
    const fromB = i >= a.ids.length || (j < b.ids.length && b.ids[j]! <= a.ids[i]!);
    if (fromA && fromB) {
      out.ids[n] = a.ids[i]!;
      out.metas[n] = a.metas[i]! | b.metas[j]!;
      out.scores[n] = add ? a.scores[i]! + b.scores[j]! : Math.max(a.scores[i]!, b.scores[j]!);
      out.missing[n] = add ? a.missing[i]! + b.missing[j]! : Math.min(a.missing[i]!, b.missing[j]!);
      out.apart[n] = add ? a.apart[i]! | b.apart[j]! : a.apart[i]! & b.apart[j]!;
      // Two words: a typo in either counts; two terms of one word: the better one.
      out.exact[n++] = add ? a.exact[i++]! & b.exact[j++]! : a.exact[i++]! | b.exact[j++]!;
    } else if (fromA) copy(a, i++, out, n++);
    else copy(b, j++, out, n++);
  }
  return trimmed(out, n);
}

/** Records matched by both (AND of words): scores add, a typo in either word counts. */
export function intersect(a: Matches, b: Matches): Matches {
  const out = allocate(Math.min(a.ids.length, b.ids.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.ids.length && j < b.ids.length) {
    if (a.ids[i]! < b.ids[j]!) i++;
    else if (a.ids[i]! > b.ids[j]!) j++;
    else {
      out.ids[n] = a.ids[i]!;
      out.metas[n] = a.metas[i]! | b.metas[j]!;
      out.scores[n] = a.scores[i]! + b.scores[j]!;
      out.missing[n] = a.missing[i]! + b.missing[j]!;
      out.apart[n] = a.apart[i]! | b.apart[j]!;
      out.exact[n++] = a.exact[i++]! & b.exact[j++]!;
    }
  }
  return trimmed(out, n);
}

function copy(from: Matches, i: number, to: Matches, n: number): void {
  to.ids[n] = from.ids[i]!;
  to.metas[n] = from.metas[i]!;
  to.scores[n] = from.scores[i]!;
  to.exact[n] = from.exact[i]!;
  to.missing[n] = from.missing[i]!;
  to.apart[n] = from.apart[i]!;
}

export const noMatches: Matches = allocate(0);

/** Union of many lists, merged in pairs round by round so each posting is copied log(k) times. */
export function unionAll(lists: Matches[]): Matches {
  let round = lists;
  while (round.length > 1) {
    const next: Matches[] = [];
    for (let i = 0; i < round.length; i += 2)
      next.push(i + 1 < round.length ? union(round[i]!, round[i + 1]!) : round[i]!);
    round = next;
  }
  return round[0] ?? noMatches;
}

/**
 * Records holding any of the words (each word's matches), `missing` saying how many of them a
 * record lacks: the best-effort answer to a query no record answers in full, as Algolia's
 * optional words. Scores add, so a record holding more, rarer words in better fields ranks first.
 */
export function anyWord(words: Matches[]): Matches {
  const held = unionAllAdding(words.map((word) => ({ ...word, missing: new Uint8Array(word.ids.length).fill(1) })));
  for (let i = 0; i < held.missing.length; i++) held.missing[i] = words.length - held.missing[i]!;
  return held;
}

function unionAllAdding(lists: Matches[]): Matches {
  let round = lists;
  while (round.length > 1) {
    const next: Matches[] = [];
    for (let i = 0; i < round.length; i += 2)
      next.push(i + 1 < round.length ? union(round[i]!, round[i + 1]!, true) : round[i]!);
    round = next;
  }
  return round[0] ?? noMatches;
}

/** Keeps the records `keep` accepts. */
export function filterMatches(m: Matches, keep: (id: number) => boolean): Matches {
  const out = allocate(m.ids.length);
  let n = 0;
  for (let i = 0; i < m.ids.length; i++) if (keep(m.ids[i]!)) copy(m, i, out, n++);
  return trimmed(out, n);
}

const idSpan = 2 ** 32;
/** Up to this many matches, a page of them is taken from all of them sorted. */
const sortedUpTo = 4096;
/** Score steps: a log scale, 1/128 of a doubling a step. */
const scoreSteps = 2048;
/** Ranking buckets: every word or not (2) × typos (2) × names apart (2) × record type (8) × score steps. */
const buckets = 2 * 2 * 2 * 8 * scoreSteps;
/** Buckets are counted in blocks too, so the cut is found in a few hundred steps, not tens of thousands. */
const blockBits = 8;
/** One count a bucket and one a block, shared by every ranking (a query ranks in one go): not 256 KB a query. */
let histogram: Uint32Array | undefined;
let blockCounts: Uint32Array | undefined;

/**
 * Matches in rank order: records holding every word before those that lack some (a best-effort
 * answer, as Algolia's optional words), exact before typos, an API name found as one name before
 * its words found apart (as Algolia's proximity), then by record type (title,
 * headings, text; not among records that lack a word, where the words they hold, weighed by
 * rarity and field, come first), then by score, then in reading order. Each record gets one
 * number that sorts on all of these (bucket × 2^32 + id); only the ranks asked for are sorted,
 * so a word found in most records costs a pass over them, not a sort.
 */
export class Ranking {
  private readonly keys: Float64Array;
  private sorted?: Float64Array;
  /** Records holding every word of the query (the rest are a best-effort answer, ranked after them). */
  readonly fullCount: number = 0;

  constructor(
    private readonly matches: Matches,
    byType = true,
  ) {
    this.keys = new Float64Array(matches.ids.length);
    for (let i = 0; i < this.keys.length; i++) {
      const partial = matches.missing[i]! > 0 ? 1 : 0;
      this.fullCount += 1 - partial;
      const typos = matches.exact[i] ? 0 : 1;
      const type = byType && !partial ? matches.metas[i]! >> 5 : 0;
      // Higher scores first.
      const score = scoreSteps - 1 - Math.min(scoreSteps - 1, Math.round(Math.log2(1 + matches.scores[i]!) * 128));
      const bucket = (((partial * 2 + typos) * 2 + matches.apart[i]!) * 8 + type) * scoreSteps + score;
      this.keys[i] = bucket * idSpan + matches.ids[i]!;
    }
  }

  get count(): number {
    return this.keys.length;
  }

  /** Whether matched record `id` is a title or heading (not text): its type is in every posting's meta. */
  isHeading(id: number): boolean {
    const { ids, metas } = this.matches;
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (ids[middle]! === id) return metas[middle]! >> 5 !== typeRank.content;
      if (ids[middle]! < id) low = middle + 1;
      else high = middle - 1;
    }
    return false;
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
