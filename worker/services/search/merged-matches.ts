// Many lists of matches merged in one pass, through a heap of the lists by their next record: a
// word's term lists (its own term, completions, forms and typos), and the words of a best-effort
// answer. Each record is looked at once, into arrays allocated once; merging such lists two at a
// time copied every array of the longest ones once per round.

import type { Postings } from '../../../client/contract/postings.ts';
import { allocate, boostOfMask, noMatches, termMatches, trimmed, typeBits, type Matches } from './matches.ts';

/** A term's postings and how a match through it counts (`termMatches`). */
export interface TermPostings {
  postings: Postings;
  weight: number;
  exact: boolean;
}

/**
 * Visits the entries of id lists (each ascending) in id order, through a min-heap of the lists by
 * their next id: `visit(list, at)` for entry `at` of list `list`; a record several lists hold is
 * visited once for each. The list on top gives every entry below the other lists' next ids in
 * one run, without a step through the heap each: a word's own term holds most of its records.
 */
function inIdOrder(lists: Uint32Array[], visit: (list: number, at: number) => void): void {
  const heap = new Int32Array(lists.length);
  const next = new Int32Array(lists.length);
  /** Each list's next id, kept beside the heap so a comparison reads one array. */
  const heads = new Float64Array(lists.length);
  let size = 0;
  const siftDown = () => {
    let i = 0;
    const list = heap[0]!;
    const id = heads[list]!;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && heads[heap[child + 1]!]! < heads[heap[child]!]!) child++;
      if (heads[heap[child]!]! >= id) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = list;
  };
  // Lists enter one by one, each sifted up.
  for (let list = 0; list < lists.length; list++) {
    if (lists[list]!.length === 0) continue;
    let i = size++;
    const id = (heads[list] = lists[list]![0]!);
    while (i > 0 && heads[heap[(i - 1) >> 1]!]! > id) {
      heap[i] = heap[(i - 1) >> 1]!;
      i = (i - 1) >> 1;
    }
    heap[i] = list;
  }
  while (size > 0) {
    const list = heap[0]!;
    const ids = lists[list]!;
    // The other lists' least next id: the top list's entries below it come first, as they are.
    let below = size > 1 ? heads[heap[1]!]! : Infinity;
    if (size > 2 && heads[heap[2]!]! < below) below = heads[heap[2]!]!;
    let at = next[list]!;
    do visit(list, at++);
    while (at < ids.length && ids[at]! < below);
    if (at < ids.length) {
      next[list] = at;
      heads[list] = ids[at]!;
    } else heap[0] = heap[--size]!;
    if (size > 0) siftDown();
  }
}

/**
 * The union of several terms' matches, as `union` of their `termMatches` gives it: a record
 * several terms hold keeps the best score, and exact if any term is; its fields are those of the
 * terms holding it exactly, if any do (a word a typo away in its title does not put the word
 * itself there), else all their fields.
 */
export function termsMatches(terms: TermPostings[]): Matches {
  if (terms.length === 0) return noMatches;
  if (terms.length === 1) return termMatches(terms[0]!.postings, terms[0]!.weight, terms[0]!.exact);
  const out = allocate(terms.reduce((sum, term) => sum + term.postings.ids.length, 0));
  const { ids, metas, scores, exact } = out;
  let n = 0;
  inIdOrder(
    terms.map((term) => term.postings.ids),
    (list, at) => {
      const { postings, weight, exact: termExact } = terms[list]!;
      const id = postings.ids[at]!;
      const meta = postings.metas[at]!;
      const score = weight * boostOfMask[meta & 31]!;
      if (n > 0 && ids[n - 1] === id) {
        if (termExact === (exact[n - 1] === 1)) metas[n - 1]! |= meta;
        else if (termExact) metas[n - 1] = (metas[n - 1]! & typeBits) | meta;
        else metas[n - 1]! |= meta & typeBits;
        if (score > scores[n - 1]!) scores[n - 1] = score;
        if (termExact) exact[n - 1] = 1;
      } else {
        ids[n] = id;
        metas[n] = meta;
        scores[n] = score;
        exact[n++] = termExact ? 1 : 0;
      }
    },
  );
  return trimmed(out, n);
}

/**
 * Records holding any of `words` (each word's matches), for a best-effort answer: scores add, a
 * typo in any word counts, `missing` holds, for now, how many of the words each record holds and
 * `held` the sum of their `rarities` (`addWithin` adds more words, `heldToMissing` turns the count
 * into the words lacking and the sum into a share).
 */
export function anyOfWords(words: Matches[], rarities: number[]): Matches {
  const out = allocate(words.reduce((sum, word) => sum + word.ids.length, 0));
  out.held = new Float64Array(out.ids.length);
  const { ids, metas, scores, exact, missing: count, apart, held: rarity } = out;
  let n = 0;
  inIdOrder(
    words.map((word) => word.ids),
    (list, at) => {
      const word = words[list]!;
      const id = word.ids[at]!;
      if (n > 0 && ids[n - 1] === id) {
        metas[n - 1]! |= word.metas[at]!;
        scores[n - 1]! += word.scores[at]!;
        count[n - 1]!++;
        rarity[n - 1]! += rarities[list]!;
        apart[n - 1]! |= word.apart[at]!;
        exact[n - 1]! &= word.exact[at]!;
      } else {
        ids[n] = id;
        metas[n] = word.metas[at]!;
        scores[n] = word.scores[at]!;
        count[n] = 1;
        rarity[n] = rarities[list]!;
        apart[n] = word.apart[at]!;
        exact[n++] = word.exact[at]!;
      }
    },
  );
  return trimmed(out, n);
}

/** Adds a word of `rarity` (its matches among `gathered`'s records, some of them), in place. */
export function addWithin(gathered: Matches, word: Matches, rarity: number): void {
  let at = 0;
  for (let i = 0; i < word.ids.length; i++) {
    const id = word.ids[i]!;
    while (gathered.ids[at]! < id) at++;
    if (gathered.ids[at] !== id) throw new Error('addWithin: a record outside the gathered ones');
    gathered.metas[at]! |= word.metas[i]!;
    gathered.scores[at]! += word.scores[i]!;
    gathered.missing[at]!++;
    if (gathered.held) gathered.held[at]! += rarity;
    gathered.apart[at]! |= word.apart[i]!;
    gathered.exact[at]! &= word.exact[i]!;
  }
}

/**
 * Turns `anyOfWords`' count of words held into the words lacking, of `words` in all, and the
 * rarity held into its share of `rarity`, the query's in all.
 */
export function heldToMissing(gathered: Matches, words: number, rarity: number): Matches {
  for (let i = 0; i < gathered.missing.length; i++) gathered.missing[i] = words - gathered.missing[i]!;
  if (gathered.held && rarity > 0) for (let i = 0; i < gathered.held.length; i++) gathered.held[i]! /= rarity;
  return gathered;
}
