// A writer `npm start` keeps between edits: a page taken out and added again, edited, and the
// index written anew must be the very pieces a fresh writer makes of the edited pages, however
// many times it is written (what it kept from the last write must never leak into the next), and
// whether it holds everything in memory or spilled it to disk (a large site).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { SearchRecord } from '../../../../../../client/contract/search-protocol.ts';
import { createSearchIndexWriter } from '../../../../../../scripts/compiler/outputs/search/index-writer.ts';
import { TermPostings } from '../../../../../../scripts/compiler/outputs/search/term-postings.ts';
import {
  random,
  smallPieceSizes as sizes,
  syntheticPage,
  syntheticSiteUrl as siteUrl,
  zipfVocabulary,
} from '../../../../support/synthetic-pages.ts';

function fresh(pages: SearchRecord[][]) {
  const writer = createSearchIndexWriter({ siteUrl, sizes });
  pages.forEach((records, index) => writer.addPage(index, records));
  return writer.finish();
}

const made: string[] = [];
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('a search index writer that takes pages out', () => {
  it.each([
    ['in memory', undefined],
    // Every page's postings and records go to disk as soon as it is added.
    ['spilled to disk', 1],
  ])('writes, after each edit, the pieces a fresh writer makes of the edited pages (%s)', async (_, budget) => {
    const rand = random(11);
    const vocabulary = zipfVocabulary(2000, rand);
    const pages = Array.from({ length: 120 }, (_, index) => syntheticPage(index, vocabulary, rand, 10 + (index % 20)));
    const dir = await mkdtemp(join(tmpdir(), 'self-docs-remove-page-'));
    made.push(dir);
    const spill = budget === undefined ? {} : { spill: { dir, budget } };
    const kept = createSearchIndexWriter({ siteUrl, sizes, removable: true, ...spill });
    pages.forEach((records, index) => kept.addPage(index, records));
    expect(kept.finish()).toEqual(fresh(pages));
    expect(kept.spilled()).toBe(budget !== undefined);

    // An edit that adds words, one that drops a page's records, one to the last page, one that brings them back.
    const edits: [number, SearchRecord[]][] = [
      [7, syntheticPage(7, zipfVocabulary(300, random(5)), rand, 14)],
      [60, []],
      [119, syntheticPage(119, vocabulary, rand, 3)],
      [60, syntheticPage(60, vocabulary, rand, 25)],
    ];
    for (const [index, records] of edits) {
      kept.removePage(index);
      kept.addPage(index, records);
      pages[index] = records;
      const again = kept.finish();
      expect(again.directory).toBe(fresh(pages).directory);
      expect(again).toEqual(fresh(pages));
    }
  });

  it.each([
    ['in memory', undefined],
    ['spilled to disk', 1],
  ])('encodes again only the terms whose postings an edit changed (%s)', async (_, budget) => {
    const rand = random(23);
    const vocabulary = zipfVocabulary(2000, rand);
    const pages = Array.from({ length: 80 }, (_, index) => syntheticPage(index, vocabulary, rand, 12));
    const dir = await mkdtemp(join(tmpdir(), 'self-docs-remove-page-'));
    made.push(dir);
    const spill = budget === undefined ? {} : { spill: { dir, budget } };
    const kept = createSearchIndexWriter({ siteUrl, sizes, removable: true, ...spill });
    pages.forEach((records, index) => kept.addPage(index, records));
    kept.finish();
    const encoded = vi.spyOn(TermPostings.prototype, 'sortedPostings');
    try {
      // Saved without a change: every term's postings are as they were, and no piece is made again.
      kept.removePage(40);
      kept.addPage(40, pages[40]!);
      const unchanged = kept.finish();
      expect(encoded).not.toHaveBeenCalled();
      expect(unchanged).toEqual(fresh(pages));

      // A record added: what changed is encoded again, and the pieces are a fresh writer's.
      const last = pages[40]!.at(-1)!;
      const added = { ...last, objectID: '40-added', type: 'content' as const, content: 'pelicans gannets' };
      const edited = [...pages[40]!, { ...added, weight: { ...last.weight, position: pages[40]!.length } }];
      kept.removePage(40);
      kept.addPage(40, edited);
      pages[40] = edited;
      const again = kept.finish();
      expect(encoded).toHaveBeenCalled();
      expect(again).toEqual(fresh(pages));
    } finally {
      encoded.mockRestore();
    }
  });
});
