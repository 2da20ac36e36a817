// The postings decoder in WebAssembly (worker/services/search/postings.wasm) answers exactly as
// the JavaScript decoder does, across the windows it decodes a long list in, and refuses what the
// JavaScript decoder refuses, with the same errors. The committed module is the one its assembly
// (scripts/compiler/tools/postings-wasm.ts) writes.

import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodePostings, encodePostings } from '../../../../../client/contract/postings.ts';
import { recordsPerPage } from '../../../../../client/contract/index-pieces.ts';
import { postingsWasm, postingsWasmPath, textOffset } from '../../../../../scripts/compiler/tools/postings-wasm.ts';
import { decodePostingsFast } from '../../../../../worker/services/search/postings-decoder.ts';
import { random } from '../../../support/synthetic-pages.ts';

/** Sorted ids below 2^32, near and far apart (same page, next pages, far pages), with meta bytes. */
function postings(count: number, rand: () => number): { ids: number[]; metas: number[] } {
  const ids: number[] = [];
  const metas: number[] = [];
  let id = Math.floor(rand() * 50);
  for (let k = 0; k < count && id < 2 ** 32; k++) {
    ids.push(id);
    metas.push(Math.floor(rand() * 256));
    const jump = rand();
    id += jump < 0.85 ? 1 + Math.floor(rand() * 20) : jump < 0.999 ? recordsPerPage : Math.floor(rand() * 2 ** 20);
  }
  return { ids, metas };
}

afterEach(() => vi.restoreAllMocks());

describe('the WebAssembly postings decoder', () => {
  it('is the module its assembly writes', () => {
    expect(Buffer.from(readFileSync(postingsWasmPath)).equals(Buffer.from(postingsWasm()))).toBe(true);
  });

  it('decodes a list in the module itself, as the JavaScript decoder does', () => {
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(postingsWasm()), {});
    const memory = exports.memory as WebAssembly.Memory;
    const decode = exports.decode as (length: number, previous: number) => number;
    const text = encodePostings([3, 70, 5 * recordsPerPage + 2, 2 ** 32 - 1], [17, 0, 255, 224]);
    new TextEncoder().encodeInto(text, new Uint8Array(memory.buffer, textOffset));
    expect(decode(text.length, 0)).toBe(4);
    const idsAt = (textOffset + text.length + 3) & ~3;
    expect([...new Uint32Array(memory.buffer, idsAt, 4)]).toEqual([3, 70, 5 * recordsPerPage + 2, 2 ** 32 - 1]);
    expect([...new Uint8Array(memory.buffer, idsAt + 4 * text.length, 4)]).toEqual([17, 0, 255, 224]);
  });

  it('answers as the JavaScript decoder does, for short lists and for lists longer than a window', () => {
    const warn = vi.spyOn(console, 'warn');
    const rand = random(5);
    for (const count of [0, 1, 2, 10, 300, 5_000, 40_000, 120_000]) {
      const { ids, metas } = postings(count, rand);
      const text = encodePostings(ids, metas);
      expect(ids.length).toBe(count);
      // Decoded by the module alone: the JavaScript decoder is only for text it refuses.
      const fast = decodePostingsFast(text, () => {
        throw new Error(`the module refused a list of ${count}`);
      });
      expect(fast.ids).toEqual(decodePostings(text).ids);
      expect(Array.from(fast.ids)).toEqual(ids);
      expect(Array.from(fast.metas)).toEqual(metas);
    }
    // It ran the module: a decoder that could not start says so and decodes in JavaScript.
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses damaged text with the JavaScript decoder’s errors', () => {
    const text = encodePostings([5, 9_000_000, 9_000_001], [1, 2, 3]);
    for (const damaged of ['AB*C', text.slice(0, -1), `${text}é`, `${text.slice(0, 2)}\u00e9${text.slice(2)}`, 'g']) {
      let expected: unknown;
      try {
        decodePostings(damaged);
      } catch (error) {
        expected = error;
      }
      expect(expected).toBeInstanceOf(Error);
      expect(() => decodePostingsFast(damaged)).toThrow((expected as Error).message);
    }
  });
});
