// A page-level signal over record-level matches: the page about a term mentions it in many of its
// records, a page that names it in passing in one. The peers count a word's frequency over a page
// or a heading section; records here are paragraphs, so the count of a page's records that match
// the query in their own text stands for it. It scales the score only, the last criterion but
// position: title > headings > text, exact before typos and every word before some still come first.

import { fieldBits, typeRank } from '../../../client/contract/index-pieces.ts';
import type { Matches } from './matches.ts';

/**
 * BM25's term-frequency saturation, count × (k1 + 1) / (count + k1), with its usual k1: two
 * mentions weigh 1.375 times one, five 1.77 times, and no count more than 2.2 times.
 */
const k1 = 1.2;
/** Counts past this saturate within 2% of the limit: looked up, not computed, for every page. */
export const countedUpTo = 64;

/**
 * The field bit of a record's own text, by type rank (title: lvl1, an h2: lvl2, …, text: content):
 * a record matching only through the page title or headings it repeats does not count as a mention.
 */
const ownFieldOf: Record<keyof typeof typeRank, number> = {
  lvl0: 0,
  lvl1: fieldBits.lvl1,
  lvl2: fieldBits.lvl2,
  lvl3: fieldBits.lvl3,
  lvl4: fieldBits.lvl4,
  lvl5: fieldBits.lvl4,
  lvl6: fieldBits.lvl4,
  content: fieldBits.content,
};
const ownField: number[] = [];
for (const [type, rank] of Object.entries(typeRank)) ownField[rank] = ownFieldOf[type as keyof typeof typeRank];

const factorOf = Array.from({ length: countedUpTo + 1 }, (_, count) => (count * (k1 + 1)) / (count + k1));

/** 1 for a meta byte (type rank × 32 + field bits) whose record holds the match in its own text. */
export const ownText = Uint8Array.from({ length: 256 }, (_, meta) => (meta & ownField[meta >> 5]! ? 1 : 0));

/**
 * What `weighByPage` multiplies a score by on a page of `count` mentions (1: left alone); the
 * same number, so a score weighed elsewhere (`word-ranking.ts`) is the same score to the bit.
 */
export function pageFactor(count: number): number {
  return count > 1 ? factorOf[Math.min(count, countedUpTo)]! : 1;
}

/**
 * Scales each match's score by how many records of its page match in their own text, without a
 * typo (a word a typo away is not a mention of the word). Ids hold `perPage` ranks a page, so a
 * page's records are one run. In place; returns `matches`.
 */
export function weighByPage(matches: Matches, perPage: number): Matches {
  const { ids, metas, scores, exact } = matches;
  let start = 0;
  while (start < ids.length) {
    const page = Math.floor(ids[start]! / perPage);
    let end = start;
    let count = 0;
    for (; end < ids.length && Math.floor(ids[end]! / perPage) === page; end++) {
      const meta = metas[end]!;
      if (meta & ownField[meta >> 5]! && exact[end]) count++;
    }
    if (count > 1) {
      const factor = factorOf[Math.min(count, countedUpTo)]!;
      for (let i = start; i < end; i++) scores[i]! *= factor;
    }
    start = end;
  }
  return matches;
}
