// What a one-word query needs counted over all its terms' postings, without merging them: how
// many distinct records they hold (`nbHits`), one bit a record, set as the lists are read, so
// that each posting costs a load and a test rather than a step through a heap of the lists; and,
// for each page, at most how many of its records mention the word (page-weight.ts).

import type { TermPostings } from './merged-matches.ts';
import { ownText } from './page-weight.ts';

/** Bits of the records a page's first ranks hold: two words a page (ranks 0–63). */
const ranksInBits = 64;
/** Counts no mention (a typo's posting), for a loop that adds without testing. */
const noMentions = new Uint8Array(256);

export interface WordCount {
  /** Distinct records the terms hold. */
  records: number;
  /**
   * By page: its postings in their record's own text, of any term when some term has no typo.
   * At least the page weight's count (records mentioning the word, held by a term without a
   * typo), more where terms share a record: a bound, not the count.
   */
  mentions: Uint32Array;
}

/** Counts `terms`' records (ids ascending, page × 2^rankBits + rank) and bounds each page's mentions. */
export function countWord(terms: TermPostings[], rankBits: number): WordCount {
  const filled = terms.filter((term) => term.postings.ids.length > 0);
  let lastPage = 0;
  for (const { postings } of filled) {
    lastPage = Math.max(lastPage, postings.ids[postings.ids.length - 1]! >>> rankBits);
  }
  // Counted by adding 0 or 1 a posting, not by testing each: which postings mention the word
  // follows no pattern the processor could guess.
  const mentions = new Uint32Array(lastPage + 1);
  // A typo is not a mention: with no term free of one, no page has any.
  const own = filled.some((term) => term.exact) ? ownText : noMentions;
  if (filled.length <= 1) {
    const { ids, metas } = filled[0]?.postings ?? { ids: new Uint32Array(0), metas: new Uint8Array(0) };
    for (let i = 0; i < ids.length; i++) mentions[ids[i]! >>> rankBits]! += own[metas[i]!]!;
    return { records: ids.length, mentions };
  }
  const words = (lastPage + 1) * 2;
  // The query's own (about 1 MB at 100,000 pages: a shared one would stay held between searches).
  const seen = new Uint32Array(words);
  const rankMask = 2 ** rankBits - 1;
  // A page's records past the bits are listed, then counted once each: only where two terms list
  // any can one be listed twice. (A Set of them was most of a common word's search on a large
  // site, whose long pages hold many records past the 64th.)
  let beyond: Uint32Array = new Uint32Array(0);
  let listed = 0;
  /** Where each term's listed records end in `beyond` (each term's run ascends). */
  const runs: number[] = [];
  let records = 0;
  for (const { postings } of filled) {
    const { ids, metas } = postings;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      mentions[id >>> rankBits]! += own[metas[i]!]!;
      const rank = id & rankMask;
      if (rank < ranksInBits) {
        const word = (id >>> rankBits) * 2 + (rank >>> 5);
        const bit = 1 << (rank & 31);
        if ((seen[word]! & bit) === 0) {
          seen[word]! |= bit;
          records++;
        }
      } else {
        if (listed === beyond.length) beyond = grown(beyond);
        beyond[listed++] = id;
      }
    }
    if (listed > (runs[runs.length - 1] ?? 0)) runs.push(listed);
  }
  return { records: records + distinctIn(beyond, runs), mentions };
}

/** `list` with twice its room: a word's listed records take about what they need, not its postings. */
function grown(list: Uint32Array): Uint32Array {
  const next = new Uint32Array(Math.max(1024, list.length * 2));
  next.set(list);
  return next;
}

/**
 * How many distinct ids the ascending runs of `ids` hold (`ends`: where each run ends): the longest
 * run's, plus those of the others (sorted together) that it lacks. The longest is never sorted: a
 * common word's own term holds most of a word's records, its completions and typos few.
 */
function distinctIn(ids: Uint32Array, ends: number[]): number {
  if (ends.length <= 1) return ends[0] ?? 0;
  let longest = 0;
  for (let run = 1; run < ends.length; run++) {
    if (ends[run]! - ends[run - 1]! > ends[longest]! - (ends[longest - 1] ?? 0)) longest = run;
  }
  const start = ends[longest - 1] ?? 0;
  const base = ids.subarray(start, ends[longest]);
  const others = new Uint32Array(ends[ends.length - 1]! - base.length);
  others.set(ids.subarray(0, start));
  others.set(ids.subarray(ends[longest], ends[ends.length - 1]), start);
  others.sort();
  let count = base.length;
  let at = 0;
  for (let i = 0; i < others.length; i++) {
    const id = others[i]!;
    if (i > 0 && id === others[i - 1]) continue;
    while (at < base.length && base[at]! < id) at++;
    if (base[at] !== id) count++;
  }
  return count;
}
