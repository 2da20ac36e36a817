// A term's postings as the index stores them (client/contract/postings.ts): record ids and their meta
// bytes written as a short text, read back exactly, and damaged text refused rather than misread.

import { describe, expect, it } from 'vitest';
import { decodePostings, encodePostings } from '../../../../client/contract/postings.ts';
import { recordsPerPage } from '../../../../client/contract/index-pieces.ts';

describe('postings', () => {
  it('read back the ids and metas they were written from, near and far apart', () => {
    const ids = [
      0,
      1,
      2,
      70,
      recordsPerPage + 3,
      40 * recordsPerPage,
      40 * recordsPerPage + 1,
      65_000 * recordsPerPage,
    ];
    const metas = [17, 0, 255, 33, 1, 224, 16, 7];
    const decoded = decodePostings(encodePostings(ids, metas));
    expect(Array.from(decoded.ids)).toEqual(ids);
    expect(Array.from(decoded.metas)).toEqual(metas);
    expect(decoded.ids.length).toBe(ids.length);
  });

  it('read an empty list as no postings', () => {
    expect(decodePostings('').ids.length).toBe(0);
  });

  it('refuse a character no encoder writes', () => {
    expect(() => decodePostings('AB*C')).toThrow(/not a posting character at 2/);
  });

  it('refuse a list that ends in the middle of a posting', () => {
    const text = encodePostings([5, 9_000_000], [1, 2]);
    expect(() => decodePostings(text.slice(0, -1))).toThrow(/cut short/);
  });
});
