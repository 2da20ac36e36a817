// Records a query matches, as parallel typed arrays sorted by record id: built per query word
// from the postings of the terms it stands for (union), then combined across words (AND).

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
  /**
   * A best-effort answer's records only: the share of the query's words each holds, each word
   * weighed by its rarity (a record lacking only a common word holds most of the query).
   */
  held?: Float64Array;
}

/** Sum of the boosts of the fields in a meta byte's low five bits. */
export const boostOfMask = Array.from({ length: 32 }, (_, mask) =>
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

/** The postings of the records of `pages` (ascending; ids page × 2^rankBits + rank), found by galloping. */
export function restrictToPages(postings: Postings, pages: Uint32Array, rankBits: number): Postings {
  const list = postings.ids;
  const perPage = 2 ** rankBits;
  // Each page's postings are one run of the list: their starts and ends.
  const runs: number[] = [];
  let kept = 0;
  let at = 0;
  for (let k = 0; k < pages.length && at < list.length; k++) {
    const first = pages[k]! * perPage;
    at = firstFrom(list, at, first);
    const start = at;
    at = firstFrom(list, at, first + perPage);
    if (at > start) {
      runs.push(start, at);
      kept += at - start;
    }
  }
  const ids = new Uint32Array(kept);
  const metas = new Uint8Array(kept);
  let n = 0;
  for (let r = 0; r < runs.length; r += 2) {
    ids.set(list.subarray(runs[r]!, runs[r + 1]!), n);
    metas.set(postings.metas.subarray(runs[r]!, runs[r + 1]!), n);
    n += runs[r + 1]! - runs[r]!;
  }
  return { ids, metas };
}

/** The first index from `at` of ascending `list` whose id is `id` or more: galloping, then a binary search. */
function firstFrom(list: Uint32Array, at: number, id: number): number {
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
  return low;
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
    at = firstFrom(list, at, id);
    if (at < list.length && list[at] === id) {
      ids[n] = id;
      metas[n++] = postings.metas[at]!;
    }
  }
  return { ids: ids.subarray(0, n), metas: metas.subarray(0, n) };
}

/** Room for `n` matches, to be filled in order and `trimmed` to the count filled. */
export function allocate(n: number): Matches {
  return {
    ids: new Uint32Array(n),
    metas: new Uint8Array(n),
    scores: new Float64Array(n),
    exact: new Uint8Array(n),
    missing: new Uint8Array(n),
    apart: new Uint8Array(n),
  };
}

export function trimmed(m: Matches, n: number): Matches {
  return {
    ids: m.ids.subarray(0, n),
    metas: m.metas.subarray(0, n),
    scores: m.scores.subarray(0, n),
    exact: m.exact.subarray(0, n),
    missing: m.missing.subarray(0, n),
    apart: m.apart.subarray(0, n),
    ...(m.held ? { held: m.held.subarray(0, n) } : {}),
  };
}

/**
 * Records matched by either. A record found by two terms of one word keeps its best score, and
 * an exact term's fields over a typo's; with `add` (any word of a query: suggestions, best-effort
 * answers) the scores add, and so do the words held (`missing`, which counts them then). With
 * `fieldsOfA` (a name found whole, or by its parts), a record in both has the best score and
 * `a`'s fields alone: the whole name is not also where its parts lie.
 */
export function union(a: Matches, b: Matches, add = false, fieldsOfA = false): Matches {
  const out = allocate(a.ids.length + b.ids.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.ids.length || j < b.ids.length) {
    const fromA = j >= b.ids.length || (i < a.ids.length && a.ids[i]! <= b.ids[j]!);
    const fromB = i >= a.ids.length || (j < b.ids.length && b.ids[j]! <= a.ids[i]!);
    if (fromA && fromB) {
      out.ids[n] = a.ids[i]!;
      out.metas[n] = unitedMeta(a.metas[i]!, a.exact[i]!, b.metas[j]!, b.exact[j]!, add, fieldsOfA);
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

/** A meta byte's type bits (its record's type rank × 32); the low five are field bits. */
export const typeBits = 0b1110_0000;

/**
 * A record's meta from two matches of it (`union`): the types and fields of both, except that of
 * two terms of one word, one exact, the exact one's fields alone, and with `fieldsOfA`, `a`'s.
 */
function unitedMeta(a: number, aExact: number, b: number, bExact: number, add: boolean, fieldsOfA: boolean): number {
  if (fieldsOfA) return a | (b & typeBits);
  if (add || aExact === bExact) return a | b;
  return aExact ? a | (b & typeBits) : b | (a & typeBits);
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
  if (from.held && to.held) to.held[n] = from.held[i]!;
}

export const noMatches: Matches = allocate(0);

/** Keeps the records `keep` accepts. */
export function filterMatches(m: Matches, keep: (id: number) => boolean): Matches {
  const out = allocate(m.ids.length);
  if (m.held) out.held = new Float64Array(m.ids.length);
  let n = 0;
  for (let i = 0; i < m.ids.length; i++) if (keep(m.ids[i]!)) copy(m, i, out, n++);
  return trimmed(out, n);
}
