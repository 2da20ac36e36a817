// Records a query matches, as parallel typed arrays sorted by record id: built per query word
// from the postings of the terms it stands for (union), then combined across words (AND).

import type { Postings } from '../../../client/search-pieces.ts';
import { fieldBoost, indexedFields } from '../../../client/search-options.ts';

export interface Matches {
  ids: Float64Array;
  /** Type rank × 32 + field bits, from the postings. */
  metas: Uint8Array;
  scores: Float64Array;
  /** 1 where every word matched exactly or as a prefix, 0 where some word needed a typo. */
  exact: Uint8Array;
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
  return { ids: postings.ids, metas: postings.metas, scores, exact: new Uint8Array(n).fill(exact ? 1 : 0) };
}

function allocate(n: number): Matches {
  return { ids: new Float64Array(n), metas: new Uint8Array(n), scores: new Float64Array(n), exact: new Uint8Array(n) };
}

function trimmed(m: Matches, n: number): Matches {
  return {
    ids: m.ids.subarray(0, n),
    metas: m.metas.subarray(0, n),
    scores: m.scores.subarray(0, n),
    exact: m.exact.subarray(0, n),
  };
}

/**
 * Records matched by either. A record found by two terms of one word keeps its best match;
 * with `add` (any word of a query, for suggestions) the scores add.
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
      out.exact[n++] = a.exact[i++]! | b.exact[j++]!;
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
}

export const noMatches: Matches = allocate(0);

/** Keeps the records `keep` accepts. */
export function filterMatches(m: Matches, keep: (id: number) => boolean): Matches {
  const out = allocate(m.ids.length);
  let n = 0;
  for (let i = 0; i < m.ids.length; i++) if (keep(m.ids[i]!)) copy(m, i, out, n++);
  return trimmed(out, n);
}

const idSpan = 2 ** 32;

/**
 * Record ids best first: exact before typos, then by record type (title, headings, text),
 * then by score, then in reading order. One number per record sorts on all four at once.
 */
export function rankIds(m: Matches, byType = true): Float64Array {
  const keys = new Float64Array(m.ids.length);
  for (let i = 0; i < keys.length; i++) {
    const typos = m.exact[i] ? 0 : 1;
    const type = byType ? m.metas[i]! >> 5 : 0;
    // Higher scores first: log scale, 12 bits.
    const score = 4095 - Math.min(4095, Math.round(Math.log2(1 + m.scores[i]!) * 256));
    keys[i] = ((typos * 8 + type) * 4096 + score) * idSpan + m.ids[i]!;
  }
  keys.sort();
  for (let i = 0; i < keys.length; i++) keys[i] = keys[i]! % idSpan;
  return keys;
}
