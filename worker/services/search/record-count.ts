// What a one-word query needs counted over all its terms' postings, without merging them: how
// many distinct records they hold (`nbHits`), one bit a record, set as the lists are read, so
// that each posting costs a load and a test rather than a step through a heap of the lists; and,
// for each page, at most how many of its records mention the word (page-weight.ts).

import type { TermPostings } from './merged-matches.ts';
import { ownText } from './page-weight.ts';

/** Bits of the records a page's first ranks hold: two words a page (ranks 0–63). */
const ranksInBits = 64;
/** Counts of mentions stop here (the page weight saturates long before). */
const mentionsUpTo = 255;

export interface WordCount {
  /** Distinct records the terms hold. */
  records: number;
  /**
   * By page, up to 255: its postings in their record's own text, of any term when some term has
   * no typo. At least the page weight's count (records mentioning the word, held by a term
   * without a typo), more where terms share a record: a bound, not the count.
   */
  mentions: Uint8Array;
}

/** Counts `terms`' records (ids ascending, page × 2^rankBits + rank) and bounds each page's mentions. */
export function countWord(terms: TermPostings[], rankBits: number): WordCount {
  const filled = terms.filter((term) => term.postings.ids.length > 0);
  let lastPage = 0;
  for (const { postings } of filled) {
    lastPage = Math.max(lastPage, postings.ids[postings.ids.length - 1]! >>> rankBits);
  }
  const mentions = new Uint8Array(lastPage + 1);
  const mention = (page: number) => {
    if (mentions[page]! < mentionsUpTo) mentions[page]!++;
  };
  // A typo is not a mention: with no term free of one, no page has any.
  const mentioned = filled.some((term) => term.exact);
  if (filled.length <= 1) {
    const { ids, metas } = filled[0]?.postings ?? { ids: new Uint32Array(0), metas: new Uint8Array(0) };
    if (mentioned) for (let i = 0; i < ids.length; i++) if (ownText[metas[i]!] === 1) mention(ids[i]! >>> rankBits);
    return { records: ids.length, mentions };
  }
  const words = (lastPage + 1) * 2;
  // The query's own (about 1 MB at 100,000 pages: a shared one would stay held between searches).
  const seen = new Uint32Array(words);
  const rankMask = 2 ** rankBits - 1;
  // A page with more records than the bits hold counts its others in a set.
  let beyond: Set<number> | undefined;
  let records = 0;
  for (const { postings } of filled) {
    const { ids, metas } = postings;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (mentioned && ownText[metas[i]!] === 1) mention(id >>> rankBits);
      const rank = id & rankMask;
      if (rank < ranksInBits) {
        const word = (id >>> rankBits) * 2 + (rank >>> 5);
        const bit = 1 << (rank & 31);
        if ((seen[word]! & bit) === 0) {
          seen[word]! |= bit;
          records++;
        }
      } else if (!(beyond ??= new Set()).has(id)) {
        beyond.add(id);
        records++;
      }
    }
  }
  return { records, mentions };
}
