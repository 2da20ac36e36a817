// A query's matches from its words' term lists: every word required (AND, rarest word first), a
// camelCase word found whole or by all of its parts; and, when no record holds every word, a
// best-effort answer from records holding some of the words, ranked below the full matches.

import { fieldBits } from '../../../client/contract/index-pieces.ts';
import type { Postings } from '../../../client/contract/postings.ts';
import type { QueryWord } from '../../../client/contract/search-text.ts';
import { filterMatches, intersect, union, type Matches } from './matches.ts';
import { addWithin, anyOfWords, heldToMissing } from './merged-matches.ts';
import type { Candidate } from './term-candidates.ts';

export interface TermList {
  postings: Postings;
  candidate: Candidate;
}

/** A word's matches (any of its terms), only among `within` when given. */
export type WordMatches = (lists: TermList[], within?: Matches) => Matches;

/** A query word's term lists: the word's own, and each of its parts' (a camelCase word). */
export interface WordLists {
  whole: TermList[];
  parts: TermList[][];
  /** A dotted name (`Keyboard.dismiss`). */
  dotted?: boolean;
}

/**
 * Below this many full matches the best-effort answer is added, after them: when no record holds
 * every word (Algolia's removeWordsIfNoResults), or a single one does (a lone paragraph that
 * happens to hold a question's small words would otherwise be the whole answer, where the page
 * about it lacks one of them). Not more: showing more hits means reading their records (measured
 * at 10,000 pages: below 20, a warm search took 7.9 ms of CPU against 6.6), and below 3 to 20 gave
 * the quality bench the same answers as below 2. Full matches all in one page count as one: that
 * page's paragraphs holding a question's small words would otherwise be the whole answer too.
 */
export const bestEffortBelow = 2;
/**
 * Postings the best-effort answer gathers from its rarest words; commoner words are then only
 * looked up among those records, as in the AND, so a question full of common words stays cheap.
 */
export const bestEffortPostings = 100_000;
/** A word matched by its parts (`return value` for `returnValue`) weighs less than the word itself. */
const partsWeight = 0.8;

/** The terms to look up, in order: each word, then its parts; the query's last may be a prefix. */
export function lookups(words: QueryWord[]): { word: string; last: boolean }[] {
  return words.flatMap(({ word, parts = [] }, index) => {
    const last = index === words.length - 1;
    return [{ word, last }, ...parts.map((part, at) => ({ word: part, last: last && at === parts.length - 1 }))];
  });
}

/** The looked-up lists (in `lookups` order) back by word. */
export function byWord(words: QueryWord[], lists: TermList[][]): WordLists[] {
  let at = 0;
  return words.map(({ parts = [], dotted }) => {
    const whole = lists[at++]!;
    return { whole, parts: parts.map(() => lists[at++]!), ...(dotted ? { dotted } : {}) };
  });
}

const postingsOf = (lists: TermList[]) => lists.reduce((sum, list) => sum + list.postings.ids.length, 0);

/** How many records a word may match at most: what ordering the AND needs. */
function size(word: WordLists): number {
  const parts = word.parts.length > 0 ? Math.min(...word.parts.map(postingsOf)) : 0;
  return postingsOf(word.whole) + parts;
}

/**
 * How many records hold a word as typed (or as its start, for the last word): its size without
 * the terms a typo away, unless typos are all it found. A long word has more neighbours a typo
 * away than a short one, which would make it look common where it is the rarer, telling word.
 */
function typedSize(word: WordLists): number {
  const typed = (lists: TermList[]) => {
    const exact = lists.filter((list) => list.candidate.exact);
    return exact.length > 0 ? exact : lists;
  };
  return size({ whole: typed(word.whole), parts: word.parts.map(typed) });
}

function wordMatchesOf(word: WordLists, wordMatches: WordMatches, within?: Matches): Matches {
  const whole = wordMatches(word.whole, within);
  if (word.parts.length === 0) return whole;
  const parts = [...word.parts].sort((a, b) => postingsOf(a) - postingsOf(b));
  let all: Matches | undefined;
  /** Each part's own matches (among the records the parts before it left), for where it lies. */
  const partMatches = new Map<TermList[], Matches>();
  for (const lists of parts) {
    const found = wordMatches(lists, all ?? within);
    partMatches.set(lists, found);
    all = all ? intersect(all, found) : found;
    if (all.ids.length === 0) return whole;
  }
  const scale = partsWeight / parts.length;
  for (let i = 0; i < all!.scores.length; i++) all!.scores[i]! *= scale;
  all!.apart.fill(1);
  if (word.dotted)
    titledAndHeaded(partMatches.get(word.parts[0]!)!, partMatches.get(word.parts[word.parts.length - 1]!)!, all!);
  // Where the name is found whole, its parts found elsewhere in the record (a heading holding one)
  // do not say where it lies.
  return union(whole, all!, false, true);
}

/** The field bits of a page's title and of its headings (h2 to h4, h5 and h6 with h4) in a match's meta. */
const titleBits = fieldBits.lvl1;
const headingBits = fieldBits.lvl2 | fieldBits.lvl3 | fieldBits.lvl4;

/**
 * `Keyboard.dismiss` on the page titled `Keyboard`, in the section headed `dismiss()`: an API
 * reference documents an object's methods so, one heading each under the object's page. There a
 * dotted name's first part in the title and its last in a heading is the name itself, not its words
 * apart, and ranks with the name found whole (`keyboardDismissMode`, a completion, on another page).
 * Only a dotted name: a kebab-case one (`preset-env`) is a package's, and its parts in a title and a
 * heading are two other things (the quality bench: Babel 0.899 → 0.875 when they counted).
 * `first` and `last`: the first and last parts' matches, each among (at least) `all`'s records.
 */
function titledAndHeaded(first: Matches, last: Matches, all: Matches): void {
  let f = 0;
  let l = 0;
  for (let i = 0; i < all.ids.length; i++) {
    const id = all.ids[i]!;
    while (first.ids[f]! < id) f++;
    while (last.ids[l]! < id) l++;
    if (first.metas[f]! & titleBits && last.metas[l]! & headingBits) all.apart[i] = 0;
  }
}

/** How a query is matched beside its words: which records count (facet filters), how rare a word is. */
export interface MatchOptions {
  keep?: (id: number) => boolean;
  /** A word's rarity from how many records it may match (the index's idf). */
  rarity: (records: number) => number;
  /** Record ids a page (ids hold a page's position, then the record's rank in it). */
  perPage?: number;
}

/** Whether every match lies in one page (ids ascend: the first and the last say). */
function onePage(matches: Matches, perPage: number | undefined): boolean {
  const { ids } = matches;
  return perPage !== undefined && Math.floor(ids[0]! / perPage) === Math.floor(ids[ids.length - 1]! / perPage);
}

export function queryMatches(
  words: WordLists[],
  wordMatches: WordMatches,
  { keep, rarity, perPage }: MatchOptions,
): Matches {
  const order = [...words].sort((a, b) => size(a) - size(b));
  let full: Matches | undefined;
  for (const word of order) {
    full = full ? intersect(full, wordMatchesOf(word, wordMatches, full)) : wordMatchesOf(word, wordMatches);
    if (full.ids.length === 0) break;
  }
  if (keep) full = filterMatches(full!, keep);
  if (full!.ids.length >= bestEffortBelow && !onePage(full!, perPage)) return full!;
  const optional = optionalWords(words, wordMatches);
  if (optional.length < 2) return full!;
  // The rarest words gather the records; the commoner ones are looked up among them.
  const optionalOrder = [...optional].sort((a, b) => size(a) - size(b));
  let postings = 0;
  const rare = optionalOrder.filter((word, index) => {
    postings += size(word);
    return index === 0 || postings <= bestEffortPostings;
  });
  // An API name of k parts counts as k words of the query (as an engine that splits it would count
  // them): `what is the difference between no-floating-promises and no-misused-promises` is about
  // the two rules, not the paragraph on some other difference that holds the question's own words.
  const rarities = optionalOrder.map((word) => rarity(typedSize(word)) * Math.max(1, word.parts.length));
  const gathered = anyOfWords(
    rare.map((word) => wordMatchesOf(word, wordMatches)),
    rarities,
  );
  optionalOrder.slice(rare.length).forEach((word, at) => {
    addWithin(gathered, wordMatchesOf(word, wordMatches, gathered), rarities[rare.length + at]!);
  });
  const all = rarities.reduce((sum, one) => sum + one, 0);
  const answer = heldToMissing(gathered, optionalOrder.length, all);
  return keep ? filterMatches(answer, keep) : answer;
}

/**
 * The words a best-effort answer may do without: each query word, except that an API name found
 * nowhere, whole or by all its parts in one record (`io.local.emit` where only its words are on
 * the page, apart), stands for its parts, each optional, as Algolia's optional words would.
 */
function optionalWords(words: WordLists[], wordMatches: WordMatches): WordLists[] {
  return words.flatMap((word) => {
    if (word.parts.length === 0 || wordMatchesOf(word, wordMatches).ids.length > 0) return [word];
    return word.parts.map((lists) => ({ whole: lists, parts: [] }));
  });
}
