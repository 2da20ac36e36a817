// Which indexed terms a query word stands for: itself, the words it begins (the last word of
// a query, as it is being typed) and words within the typos it is allowed. Typos and prefixes
// read the vocabulary pieces of the word's first letter only, so a typo in the first letter is
// not forgiven.

import type { SearchDirectory, VocabularyPiece } from '../../../client/search-pieces.ts';

export interface Candidate {
  /** How much a match through this term weighs against an exact match (1). */
  quality: number;
  /** Exact or prefix (not a typo). */
  exact: boolean;
}

/** Completions of a prefix kept: the most frequent, so a one-letter prefix stays cheap. */
export const prefixExpansions = 30;

/** Vocabulary pieces that may hold terms from `from` up to (not including) `to`. */
export function vocabularyPiecesFor(directory: SearchDirectory, from: string, to: string): string[] {
  const list = directory.vocabulary;
  let start = 0;
  while (start + 1 < list.length && list[start + 1]![0] <= from) start++;
  const hashes: string[] = [];
  for (let i = start; i < list.length && (i === start || list[i]![0] < to); i++) hashes.push(list[i]![1]);
  return hashes;
}

/** The range of vocabulary a word's candidates lie in. */
export function candidateRange(word: string, last: boolean, typos: number): [string, string] | undefined {
  if (typos > 0) {
    const first = [...word][0]!;
    return [first, `${first}\uffff`];
  }
  return last ? [word, `${word}\uffff`] : undefined;
}

export function candidates(
  word: string,
  last: boolean,
  typos: number,
  vocabulary: VocabularyPiece[],
): Map<string, Candidate> {
  const found = new Map<string, Candidate>([[word, { quality: 1, exact: true }]]);
  const completions: [string, number][] = [];
  for (const piece of vocabulary) {
    piece.terms.forEach((term, i) => {
      if (term === word) return;
      if (last && term.startsWith(word)) completions.push([term, piece.counts[i]!]);
      else if (typos > 0 && Math.abs(term.length - word.length) <= typos) {
        const distance = editDistance(term, word, typos);
        if (distance <= typos) found.set(term, { quality: 0.45 / distance, exact: false });
      }
    });
  }
  completions.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [term] of completions.slice(0, prefixExpansions))
    found.set(term, { quality: 0.375 + (0.375 * word.length) / term.length, exact: true });
  return found;
}

let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/** Levenshtein distance, or `limit + 1` as soon as it must exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (b.length + 1 > previousRow.length) {
    previousRow = new Int32Array(b.length + 1);
    currentRow = new Int32Array(b.length + 1);
  }
  for (let j = 0; j <= b.length; j++) previousRow[j] = j;
  for (let i = 1; i <= a.length; i++) {
    currentRow[0] = i;
    let best = i;
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(
        previousRow[j]! + 1,
        currentRow[j - 1]! + 1,
        previousRow[j - 1]! + (code === b.charCodeAt(j - 1) ? 0 : 1),
      );
      currentRow[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    [previousRow, currentRow] = [currentRow, previousRow];
  }
  return previousRow[b.length]!;
}
