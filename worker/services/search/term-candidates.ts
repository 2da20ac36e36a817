// Which indexed terms a query word stands for: itself, the words it begins (the last word of
// a query, as it is being typed) and words within the typos it is allowed. Prefixes read the
// vocabulary pieces of the word's range; typos read those of the word's first letter and lengths
// near its own (builds made before the typo order: all of its first letter's), so a typo in the
// first letter is not forgiven.

import {
  termPieceRange,
  typoKey,
  typoLength,
  type SearchIndexRoot,
  type VocabularyPiece,
} from '../../../client/contract/index-pieces.ts';
import { editDistance } from './edit-distance.ts';

export interface Candidate {
  /** How much a match through this term weighs against an exact match (1). */
  quality: number;
  /** Exact or prefix (not a typo). */
  exact: boolean;
  /**
   * Hashes of the term pieces holding its postings, from the vocabulary piece it was found in
   * (version 6; empty: the index has no such term). Absent: the directory's term list says.
   */
  pieces?: string[];
}

/**
 * Completions of a prefix, and words a typo away, kept: the most frequent, up to a number of
 * terms and of postings, so a one-letter prefix or a short word stays cheap on a big site.
 */
export const expansionLimits = { prefixTerms: 30, typoTerms: 10, postings: 250_000 } as const;

/** A word's vocabulary pieces (hashes, then parsed): see `vocabularyOf`. */
export interface WordVocabulary<Piece = VocabularyPiece> {
  /** In vocabulary order, holding the terms from `from` up to (not including) `to`. */
  sorted: Piece[];
  from: string;
  to: string;
  /** In typo order (`typoKey`), holding the terms of the word's first letter and lengths near its own. */
  typos: Piece[];
}

// Older format (a directory before version 6): goes once every kept build records `formats` (contract/storage.ts).
/**
 * The pieces a word's candidates lie in; undefined when it stands for itself alone and the
 * directory lists the term pieces (before version 6; since, the vocabulary piece holding the word
 * says where its postings are).
 */
export function vocabularyOf(
  directory: SearchIndexRoot,
  word: string,
  last: boolean,
  typos: number,
): WordVocabulary<string> | undefined {
  if (typos === 0 && !last) {
    if (directory.version !== 6) return undefined;
    return {
      sorted: piecesFor(directory.vocabulary, word, `${word}\u0000`),
      from: word,
      to: `${word}\u0000`,
      typos: [],
    };
  }
  const first = String.fromCodePoint(word.codePointAt(0)!);
  if (typos > 0 && !directory.typos) {
    // Its first letter's terms hold its completions too.
    return {
      sorted: piecesFor(directory.vocabulary, first, `${first}\uffff`),
      from: first,
      to: `${first}\uffff`,
      typos: [],
    };
  }
  const [from, to] = last ? [word, `${word}\uffff`] : ['', ''];
  const near =
    typos > 0 && directory.typos
      ? piecesFor(directory.typos, first + typoLength(word.length - typos), first + typoLength(word.length + typos + 1))
      : [];
  return { sorted: last ? piecesFor(directory.vocabulary, from, to) : [], from, to, typos: near };
}

/** Pieces of an ordered list ([first key, hash]) that may hold keys from `from` up to (not including) `to`. */
function piecesFor(list: [string, string][], from: string, to: string): string[] {
  let start = 0;
  while (start + 1 < list.length && list[start + 1]![0] <= from) start++;
  const hashes: string[] = [];
  for (let i = start; i < list.length && (i === start || list[i]![0] < to); i++) hashes.push(list[i]![1]);
  return hashes;
}

export function candidates(
  word: string,
  last: boolean,
  typos: number,
  vocabulary: WordVocabulary,
): Map<string, Candidate> {
  // Version 6 pieces name the term pieces of their terms: a word the vocabulary lacks reads none.
  const located = [...vocabulary.sorted, ...vocabulary.typos].some((piece) => piece.pieces);
  const itself: Candidate = { quality: 1, exact: true, ...(located ? { pieces: [] } : {}) };
  const found = new Map<string, Candidate>([[word, itself]]);
  const completions: [string, number, VocabularyPiece][] = [];
  const near: [string, number, VocabularyPiece, number][] = [];
  const forms: [string, number, VocabularyPiece][] = [];
  const consider = (term: string, count: number, piece: VocabularyPiece) => {
    if (term === word) {
      if (located) itself.pieces = termPiecesIn(piece, term);
      return;
    }
    if (last && term.startsWith(word)) completions.push([term, count, piece]);
    else if (typos > 0 && pluralOf(term, word)) forms.push([term, count, piece]);
    else if (typos > 0 && Math.abs(term.length - word.length) <= typos) {
      const distance = editDistance(term, word, typos);
      if (distance <= typos) near.push([term, count, piece, distance]);
    }
  };
  const { from, to } = vocabulary;
  for (const piece of vocabulary.sorted) {
    // Pieces are sorted: only the terms within the range are looked at.
    for (let i = lowerBound(piece.terms, from); i < piece.terms.length && piece.terms[i]! < to; i++)
      consider(piece.terms[i]!, piece.counts[i]!, piece);
  }
  if (vocabulary.typos.length > 0) {
    // Typo pieces are in `typoKey` order: only the run of the word's first letter and the lengths
    // its typos allow is looked at (on a cold isolate each term looked at costs, interpreted).
    const first = String.fromCodePoint(word.codePointAt(0)!);
    // A completion was found in the sorted pieces already.
    const look = (piece: VocabularyPiece, i: number) => {
      const term = piece.terms[i]!;
      if (!(last && term.startsWith(word))) consider(term, piece.counts[i]!, piece);
    };
    if (typos === 1 && word.length > first.length + 1)
      for (const piece of vocabulary.typos) oneTypoAway(word, first, piece, look);
    else {
      const fromKey = first + typoLength(word.length - typos);
      const longest = word.length + typos;
      for (const piece of vocabulary.typos) {
        for (let i = lowerBound(piece.terms, fromKey, typoKey); i < piece.terms.length; i++) {
          const term = piece.terms[i]!;
          if (!term.startsWith(first) || term.length > longest) break;
          look(piece, i);
        }
      }
    }
  }
  const frequentFirst = (a: [string, number, ...unknown[]], b: [string, number, ...unknown[]]) =>
    b[1] - a[1] || (a[0] < b[0] ? -1 : 1);
  const where = (term: string, piece: VocabularyPiece) => (located ? { pieces: termPiecesIn(piece, term) } : {});
  for (const [term, , piece] of mostFrequent(completions.sort(frequentFirst), expansionLimits.prefixTerms))
    found.set(term, { quality: 0.375 + (0.375 * word.length) / term.length, exact: true, ...where(term, piece) });
  for (const [term, , piece] of forms) found.set(term, { quality: 0.9, exact: true, ...where(term, piece) });
  // The nearest first (a long word has many terms two edits away), then the most frequent.
  const nearestFirst = (a: (typeof near)[number], b: (typeof near)[number]) => a[3] - b[3] || frequentFirst(a, b);
  for (const [term, , piece, distance] of mostFrequent(near.sort(nearestFirst), expansionLimits.typoTerms))
    found.set(term, { quality: 0.45 / distance, exact: false, ...where(term, piece) });
  return found;
}

/**
 * Whether one is the other's plural (`option`, `options`; `match`, `matches`): the same word to a
 * reader, found as the word itself, not as a typo.
 */
function pluralOf(a: string, b: string): boolean {
  // Most terms a typo'd word is compared with differ from it in length by none or by more: no
  // slicing or pattern for them (a cold isolate interprets this for every term it looks at).
  const longer = a.length - b.length;
  if (longer === 1 || longer === 2) return pluralEnding(b, a);
  if (longer === -1 || longer === -2) return pluralEnding(a, b);
  return false;
}

/** Whether `long` is `short` and `s`, or `short` and `es` after s, x, z, ch or sh. */
function pluralEnding(short: string, long: string): boolean {
  if (short.length < 3 || !long.startsWith(short)) return false;
  if (long.length === short.length + 1) return long.endsWith('s');
  return long.endsWith('es') && esPlural.test(short);
}
const esPlural = /(?:s|x|z|ch|sh)$/;

/** Hashes of the term pieces holding `term`, a term of vocabulary piece `piece` (version 6). */
function termPiecesIn(piece: VocabularyPiece, term: string): string[] {
  const list = piece.pieces ?? [];
  const [start, end] = termPieceRange(list, term);
  return list.slice(start, end).map((entry) => entry[1]);
}

/**
 * Visits the terms of a typo piece that may be one edit from `word` (or its plural), of lengths
 * one below to one above its own: those whose letter after `first` is the word's, and, of the
 * others, only the few an edit of that very letter makes (it changed, dropped, swapped with the
 * next, or a letter put before it). A term differing from the word anywhere else keeps that
 * letter, so the same terms are visited as by looking at each, in a tenth of the looks.
 */
function oneTypoAway(
  word: string,
  first: string,
  piece: VocabularyPiece,
  visit: (piece: VocabularyPiece, i: number) => void,
): void {
  const { terms } = piece;
  const at = first.length;
  const own = word.charCodeAt(at);
  const head = word.slice(0, at);
  const exactly = (term: string, from: number, to: number) => {
    const i = lowerBound(terms, term, undefined, from, to);
    if (i < to && terms[i] === term) visit(piece, i);
  };
  for (let length = word.length - 1; length <= word.length + 1; length++) {
    // Within one length of the first letter, typo order is the terms' own order.
    const start = lowerBound(terms, first + typoLength(length), typoKey);
    const end = lowerBound(terms, first + typoLength(length + 1), typoKey, start);
    if (start === end) continue;
    const letter = String.fromCharCode(own);
    const from = lowerBound(terms, head + letter, undefined, start, end);
    const to = lowerBound(terms, head + String.fromCharCode(own + 1), undefined, from, end);
    for (let i = from; i < to; i++) visit(piece, i);
    const rest = word.slice(at + 1);
    if (length === word.length - 1 && word.charCodeAt(at + 1) !== own) exactly(head + rest, start, end);
    if (length === word.length && word.length > at + 1 && word.charCodeAt(at + 1) !== own)
      exactly(head + word[at + 1] + letter + word.slice(at + 2), start, end);
    if (length === word.length - 1) continue;
    // Each other letter after the first: that letter in place of the word's, or before it.
    const tail = length === word.length ? rest : word.slice(at);
    for (let i = start; i < end;) {
      const code = terms[i]!.charCodeAt(at);
      const next = lowerBound(terms, head + String.fromCharCode(code + 1), undefined, i, end);
      if (code !== own) exactly(head + String.fromCharCode(code) + tail, i, next);
      i = next;
    }
  }
}

/** Index of the first of `sorted` (in the order of `key`) at or after `value`, from `low` up to `high`. */
function lowerBound(
  sorted: string[],
  value: string,
  key: (term: string) => string = (term) => term,
  low = 0,
  high = sorted.length,
): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (key(sorted[middle]!) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first of `sorted` up to `terms` of them and the postings budget (always the first). */
function mostFrequent<T extends [string, number, ...unknown[]]>(sorted: T[], terms: number): T[] {
  let postings = 0;
  const kept: T[] = [];
  for (const entry of sorted) {
    if (kept.length === terms || (kept.length > 0 && postings + entry[1] > expansionLimits.postings)) break;
    kept.push(entry);
    postings += entry[1];
  }
  return kept;
}
