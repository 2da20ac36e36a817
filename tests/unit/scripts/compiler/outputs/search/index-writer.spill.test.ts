// The index writer under a memory budget: postings (by term range) and records go to disk once
// they pass it, and are read back for the pieces. The index must be the same, byte for byte, as the
// one written from memory, whatever the budget and the order pages come in.

import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../../../../../client/contract/search-protocol.ts';
import {
  createSearchIndexWriter,
  prepareSearchPage,
} from '../../../../../../scripts/compiler/outputs/search/index-writer.ts';
import {
  random,
  smallPieceSizes as sizes,
  syntheticPage,
  syntheticSiteUrl as siteUrl,
  zipfVocabulary,
} from '../../../../support/synthetic-pages.ts';

let root: string;
let pages: SearchRecord[][];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-spill-'));
  const rand = random(7);
  const vocabulary = zipfVocabulary(3000, rand);
  pages = Array.from({ length: 240 }, (_, index) => syntheticPage(index, vocabulary, rand, 12 + (index % 30)));
  // Terms outside the Latin letters, in their own ranges.
  pages[5]![1]!.content = 'Größe 日本語 ändern ünd naïve café';
});

afterAll(() => rm(root, { recursive: true, force: true }));

/** The index of `pages`, added in a shuffled order (as the build's threads finish them). */
function write(spill?: { dir: string; budget?: number }, prepared = false) {
  const writer = createSearchIndexWriter({ siteUrl, sizes, ...(spill ? { spill } : {}) });
  const order = pages.map((_, index) => index);
  const rand = random(3);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  for (const index of order) {
    // As a compile thread hands it over: prepared there, cloned across to the build's thread.
    if (prepared) writer.addPrepared(index, structuredClone(prepareSearchPage(pages[index]!, siteUrl)));
    else writer.addPage(index, pages[index]!);
  }
  // The term ranges on disk before the pieces are written.
  const ranges = spill && existsSync(join(spill.dir, 'postings')) ? readdirSync(join(spill.dir, 'postings')).length : 0;
  return { ...writer.finish(), ranges };
}

describe('the search index writer over its memory budget', () => {
  it('writes the same pieces from pages prepared in compile threads as from their records', () => {
    const fromRecords = write();
    for (const spill of [undefined, { dir: join(root, 'prepared-spill'), budget: 40_000 }]) {
      const fromPrepared = write(spill, true);
      expect(fromPrepared.directory).toBe(fromRecords.directory);
      expect(fromPrepared.pieces).toEqual(fromRecords.pieces);
    }
  });

  it('writes the same pieces when it spills after every page, now and then, or never', async () => {
    const inMemory = write();
    expect(inMemory.pieces.size).toBeGreaterThan(50);
    for (const budget of [1, 40_000, 10 ** 9]) {
      const dir = join(root, `spill-${budget}`);
      const spilled = write({ dir, budget });
      if (budget < 10 ** 9) expect(spilled.ranges).toBeGreaterThan(20);
      else expect(spilled.ranges).toBe(0);
      expect(spilled.directory).toBe(inMemory.directory);
      expect([...spilled.pieces.keys()].sort()).toEqual([...inMemory.pieces.keys()].sort());
      for (const [hash, text] of inMemory.pieces) expect(spilled.pieces.get(hash)).toBe(text);
      // Its folder is the writer's own, gone once the pieces are written.
      expect(existsSync(dir)).toBe(false);
    }
  });

  it('holds its postings on disk by term range while it spills', () => {
    const dir = join(root, 'ranges');
    const writer = createSearchIndexWriter({ siteUrl, sizes, spill: { dir, budget: 1 } });
    pages.slice(0, 20).forEach((records, index) => writer.addPage(index, records));
    return readdir(join(dir, 'postings')).then((files) => {
      expect(files.length).toBeGreaterThan(20);
      writer.finish();
      expect(existsSync(dir)).toBe(false);
    });
  });
});
