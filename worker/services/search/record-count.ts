// What a one-word query needs counted over all its terms' postings, without merging them: how
// many distinct records they hold (`nbHits`), and how many records of each page mention the word
// in their own text without a typo (the page weight's count, page-weight.ts). One bit a record,
// set as the lists are read, so that each posting costs a load and a test rather than a step
// through a heap of the lists.

import type { TermPostings } from './merged-matches.ts';
import { ownText } from './page-weight.ts';

/** Bits of the records a page's first ranks hold: two words a page (ranks 0–63). */
const ranksInBits = 64;
/** Counts of mentions stop here (the page weight saturates long before). */
const mentionsUpTo = 255;

/** A set of record ids: one bit for a page's first ranks, a `Set` for the others. */
class RecordSet {
  private words = new Uint32Array(0);
  private beyond?: Set<number>;
  private firstPage = 0;
  private lastPage = -1;

  constructor(private readonly rankBits: number) {}

  /** Makes room for the pages `first` to `last`; the set is empty. */
  span(first: number, last: number): void {
    const words = (last + 1) * 2;
    if (this.words.length < words) this.words = new Uint32Array(words);
    this.firstPage = first;
    this.lastPage = last;
  }

  /** Adds `id`; true when it was not in the set. */
  add(id: number): boolean {
    const rank = id & ((1 << this.rankBits) - 1);
    if (rank >= ranksInBits) {
      this.beyond ??= new Set();
      return this.beyond.size < this.beyond.add(id).size;
    }
    const word = (id >>> this.rankBits) * 2 + (rank >>> 5);
    const bit = 1 << (rank & 31);
    if ((this.words[word]! & bit) !== 0) return false;
    this.words[word]! |= bit;
    return true;
  }

  has(id: number): boolean {
    const rank = id & ((1 << this.rankBits) - 1);
    if (rank >= ranksInBits) return this.beyond?.has(id) ?? false;
    return (this.words[(id >>> this.rankBits) * 2 + (rank >>> 5)]! & (1 << (rank & 31))) !== 0;
  }

  /** Left empty for the next count: only the words this one touched. */
  clear(): void {
    this.words.fill(0, this.firstPage * 2, (this.lastPage + 1) * 2);
    this.beyond = undefined;
  }
}

/** Shared by every count (an isolate counts one query at a time), left empty after each. */
const sets = new Map<number, RecordSet[]>();

export interface WordCount {
  /** Distinct records the terms hold. */
  records: number;
  /** By page: records mentioning the word in their own text, held by a term without a typo (up to 255). */
  mentions: Uint8Array;
}

/** Counts `terms`' records (ids ascending, page × 2^rankBits + rank) and each page's mentions. */
export function countWord(terms: TermPostings[], rankBits: number): WordCount {
  const filled = terms.filter((term) => term.postings.ids.length > 0);
  let firstPage = Infinity;
  let lastPage = 0;
  for (const { postings } of filled) {
    firstPage = Math.min(firstPage, postings.ids[0]! >>> rankBits);
    lastPage = Math.max(lastPage, postings.ids[postings.ids.length - 1]! >>> rankBits);
  }
  const mentions = new Uint8Array(lastPage + 1);
  if (filled.length === 0) return { records: 0, mentions };
  if (!sets.has(rankBits))
    sets.set(rankBits, [new RecordSet(rankBits), new RecordSet(rankBits), new RecordSet(rankBits)]);
  const [seen, said, held] = sets.get(rankBits)!.map((set) => (set.span(firstPage, lastPage), set)) as [
    RecordSet,
    RecordSet,
    RecordSet,
  ];
  // A typo is not a mention; a record a typo's term holds counts if a term without one holds it too.
  const anyExact = filled.some((term) => term.exact);
  const allExact = filled.every((term) => term.exact);
  if (!allExact) for (const term of filled) if (term.exact) for (const id of term.postings.ids) held.add(id);
  const one = filled.length === 1;
  let records = 0;
  for (const { postings } of filled) {
    const { ids, metas } = postings;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (one || seen.add(id)) records++;
      if (!anyExact || ownText[metas[i]!] === 0) continue;
      if (one || ((allExact || held.has(id)) && said.add(id))) {
        const page = id >>> rankBits;
        if (mentions[page]! < mentionsUpTo) mentions[page]!++;
      }
    }
  }
  seen.clear();
  said.clear();
  held.clear();
  return { records, mentions };
}
