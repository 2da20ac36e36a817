// A term's postings as the index stores them (client/search-pieces.ts): record ids and their meta
// bytes written as a short text, read back exactly, and damaged text refused rather than misread.

import { describe, expect, it } from 'vitest';
import {
  decodePostings,
  decodePostingsAmong,
  encodePostings,
  postingsPerSkip,
  recordsPerPage,
} from '../../client/search-pieces.ts';
import { restrict } from '../../worker/services/search/matches.ts';
import { random } from './support/synthetic-pages.ts';

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

describe('postings looked up among some records by their skips', () => {
  /** A list as the writer stores it: its text and a skip every `postingsPerSkip` postings. */
  function stored(ids: number[], metas: number[]): { text: string; skips: number[] } {
    const skips: number[] = [];
    let text = '';
    for (let i = 0; i < ids.length; i++) {
      if (i % postingsPerSkip === 0) skips.push(text.length, i === 0 ? 0 : ids[i - 1]!);
      text += encodePostings([ids[i]! - (i === 0 ? 0 : ids[i - 1]!)], [metas[i]!]);
    }
    return { text, skips };
  }

  it('finds what decoding the whole list and keeping those records finds', () => {
    const next = random(3);
    for (let round = 0; round < 400; round++) {
      const count = Math.floor(next() * 900);
      const ids: number[] = [];
      for (
        let id = Math.floor(next() * 3);
        ids.length < count;
        id += 1 + Math.floor(next() * (next() < 0.1 ? 200_000 : 50))
      )
        ids.push(id);
      const metas = ids.map(() => Math.floor(next() * 256));
      const { text, skips } = stored(ids, metas);
      const last = ids.at(-1) ?? 0;
      const within = Uint32Array.from(
        new Set(
          Array.from({ length: Math.floor(next() * 40) }, () =>
            next() < 0.5 && count ? ids[Math.floor(next() * count)]! : Math.floor(next() * (last + 10)),
          ),
        ),
      ).sort();
      const whole = restrict(decodePostings(text), within);
      const among = decodePostingsAmong(text, skips, within);
      expect([...among.ids]).toEqual([...whole.ids]);
      expect([...among.metas]).toEqual([...whole.metas]);
    }
  });

  it('refuses damaged text in the stretch it decodes', () => {
    const ids = Array.from({ length: 300 }, (_, i) => i * 3);
    const { text, skips } = stored(
      ids,
      ids.map(() => 1),
    );
    expect(() => decodePostingsAmong(`${text.slice(0, -1)}!`, skips, Uint32Array.of(897))).toThrow(
      /not a posting character/,
    );
  });
});
