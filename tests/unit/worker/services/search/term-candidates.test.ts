// Typo tolerance rests on one distance: whatever shortcut it takes for the usual one-typo word,
// it must agree with the textbook Levenshtein distance on every pair of words.

import { describe, expect, it } from 'vitest';
import { editDistance } from '../../../../../worker/services/search/term-candidates.ts';

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
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

  it.each([1, 2, 3])('agrees with Levenshtein on every pair of short words, up to %i edits', (limit) => {
    const disagreements: string[] = [];
    for (const a of list)
      for (const b of list) {
        const expected = Math.min(levenshtein(a, b), limit + 1);
        if (editDistance(a, b, limit) !== expected) disagreements.push(`${a}/${b}`);
      }
    expect(disagreements).toEqual([]);
  });

  it('counts a swap of two letters as two edits, as Levenshtein does', () => {
    expect(editDistance('form', 'from', 1)).toBe(2);
    expect(editDistance('deploy', 'deplyo', 2)).toBe(2);
  });
});
