// Typo tolerance rests on one distance: whatever shortcut it takes for the usual one-typo word,
// it must agree with the textbook distance (Levenshtein, with an adjacent swap as one edit) on every pair.

import { describe, expect, it } from 'vitest';
import { typoKey, type VocabularyPiece } from '../../../../../client/contract/index-pieces.ts';
import { editDistance } from '../../../../../worker/services/search/edit-distance.ts';
import { candidates } from '../../../../../worker/services/search/term-candidates.ts';
import { random } from '../../../support/synthetic-pages.ts';

/** Levenshtein's edits, and a swap of two adjacent letters as one (optimal string alignment). */
function typoDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i + j));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/** Every word of up to `length` letters over `letters`. */
function words(letters: string, length: number): string[] {
  const all = [''];
  for (let i = 0; i < all.length; i++)
    if (all[i]!.length < length) for (const letter of letters) all.push(all[i] + letter);
  return all;
}

describe('the edit distance of typo tolerance', () => {
  const list = words('abc', 5);

  it.each([1, 2, 3])('agrees with the typo distance on every pair of short words, up to %i edits', (limit) => {
    const disagreements: string[] = [];
    for (const a of list)
      for (const b of list) {
        const expected = Math.min(typoDistance(a, b), limit + 1);
        if (editDistance(a, b, limit) !== expected) disagreements.push(`${a}/${b}`);
      }
    expect(disagreements).toEqual([]);
  });

  it('agrees on words whose letters share their low bits (p and 0), which its letter counts lump together', () => {
    const lumped = words('p0a', 4);
    const disagreements: string[] = [];
    for (const limit of [2, 3])
      for (const a of lumped)
        for (const b of lumped) {
          const expected = Math.min(typoDistance(a, b), limit + 1);
          if (editDistance(a, b, limit) !== expected) disagreements.push(`${a}/${b}`);
        }
    expect(disagreements).toEqual([]);
  });

  it('counts a swap of two adjacent letters as one edit, as Algolia counts typos', () => {
    expect(editDistance('form', 'from', 1)).toBe(1);
    expect(editDistance('deploy', 'deplyo', 2)).toBe(1);
    expect(editDistance('valdiation', 'validation', 2)).toBe(1);
    expect(editDistance('abcd', 'badc', 2)).toBe(2);
  });
});

/** Vocabulary pieces of `terms` (each with a count), `perPiece` terms a piece, in the order of `key`. */
function pieces(terms: [string, number][], perPiece: number, key: (term: string) => string): VocabularyPiece[] {
  const sorted = [...terms].sort(([a], [b]) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const list: VocabularyPiece[] = [];
  for (let at = 0; at < sorted.length; at += perPiece) {
    const part = sorted.slice(at, at + perPiece);
    list.push({ terms: part.map(([term]) => term), counts: part.map(([, count]) => count) });
  }
  return list;
}

describe('the candidates of a word one typo away', () => {
  // Words over few letters, most a typo from many others; a random subset is a sparser vocabulary.
  const rand = random(3);
  const all = words('abcd', 6).filter((word) => word.length >= 2);
  const vocabularies = [all, all.filter(() => rand() < 0.2)].map((list) =>
    list.map((term): [string, number] => [term, 1 + Math.floor(rand() * 50)]),
  );
  const sampled = words('abcd', 7).filter((word) => word.length >= 3 && rand() < 0.3);

  it.each([0, 1])(
    'finds those that looking at every term of its first letter and lengths finds (vocabulary %i)',
    (which) => {
      const terms = vocabularies[which]!;
      const typoPieces = pieces(terms, 37, typoKey);
      for (const word of sampled) {
        const first = word[0]!;
        // Looking at each term: the same first letter and a length within one of the word's.
        const near = terms.filter(([term]) => term[0] === first && Math.abs(term.length - word.length) <= 1);
        const expected = candidates(word, false, 1, {
          sorted: pieces(near, 37, (term) => term),
          from: first,
          to: `${first}\uffff`,
          typos: [],
        });
        const found = candidates(word, false, 1, { sorted: [], from: '', to: '', typos: typoPieces });
        expect([...found].sort(), word).toEqual([...expected].sort());
      }
    },
  );
});
