// Typo tolerance rests on one distance: whatever shortcut it takes for the usual one-typo word,
// it must agree with the textbook distance (Levenshtein, with an adjacent swap as one edit) on every pair.

import { describe, expect, it } from 'vitest';
import { editDistance } from '../../../../../worker/services/search/term-candidates.ts';

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
