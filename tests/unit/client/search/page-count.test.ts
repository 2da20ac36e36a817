// The count of matching pages as the /search page and the modal's "See all" link word it: the
// same number in both, pages not records, and a lower bound said as one.

import { describe, expect, it } from 'vitest';
import { matchedPagesText, seeAllText } from '../../../../client/search/page-count.ts';

describe('the count of matching pages', () => {
  it('counts pages on the search page', () => {
    expect(matchedPagesText({ matchedPages: 12, exhaustive: true })).toBe('12 pages match');
    expect(matchedPagesText({ matchedPages: 1, exhaustive: true })).toBe('1 page matches');
    expect(matchedPagesText({ matchedPages: 40, exhaustive: false })).toBe('40+ pages match');
  });

  it('says the same number on the modal’s link to the search page', () => {
    expect(seeAllText({ matchedPages: 12, exhaustive: true })).toBe('See all 12 matching pages');
    expect(seeAllText({ matchedPages: 1, exhaustive: true })).toBe('See the 1 matching page');
    expect(seeAllText({ matchedPages: 40, exhaustive: false })).toBe('See all 40+ matching pages');
    expect(seeAllText(undefined)).toBe('See all matching pages');
  });
});
