// A writer `npm start` keeps between edits: a page taken out and added again, edited, and the
// index written anew must be the very pieces a fresh writer makes of the edited pages, however
// many times it is written (what it kept from the last write must never leak into the next), and
// whether it holds everything in memory or spilled it to disk (a large site). An edit that adds a
// record among others the page kept is the exception: those keep their ranks (stable-ranks.ts), so
// its pieces differ from a fresh writer's, and the searches they answer do not.

import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { SearchRecord } from '../../../../../../client/contract/search-protocol.ts';
import { createSearchIndexWriter } from '../../../../../../scripts/compiler/outputs/search/index-writer.ts';
import { PieceMemo } from '../../../../../../scripts/compiler/outputs/search/piece-memo.ts';
import { TermPostings } from '../../../../../../scripts/compiler/outputs/search/term-postings.ts';
import { extractField, indexedFields, indexTerms } from '../../../../../../client/contract/search-text.ts';
import { searchAnswers as answers } from '../../../../support/search-index.ts';
import {
  random,
  smallPieceSizes as sizes,
  syntheticPage,
  syntheticSiteUrl as siteUrl,
  zipfVocabulary,
} from '../../../../support/synthetic-pages.ts';

/** Pieces so small that the commonest words' postings lie in many (as on a site of 100,000 pages). */
const manyPieces = { ...sizes, longTerm: 1024 };

function fresh(pages: SearchRecord[][], pieceSizes = sizes) {
  const writer = createSearchIndexWriter({ siteUrl, sizes: pieceSizes });
  pages.forEach((records, index) => writer.addPage(index, records));
  return writer.finish();
}

const made: string[] = [];
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('a search index writer that takes pages out', () => {
  it.each([
    ['in memory', undefined, sizes],
    // Every page's postings and records go to disk as soon as it is added.
    ['spilled to disk', 1, sizes],
    ['in memory, common words in many pieces', undefined, manyPieces],
    ['spilled to disk, common words in many pieces', 1, manyPieces],
  ])('writes, after each edit, the pieces a fresh writer makes of the edited pages (%s)', async (_, budget, sizes) => {
    const rand = random(11);
    const vocabulary = zipfVocabulary(2000, rand);
    const pages = Array.from({ length: 120 }, (_, index) => syntheticPage(index, vocabulary, rand, 10 + (index % 20)));
    const dir = await mkdtemp(join(tmpdir(), 'self-docs-remove-page-'));
    made.push(dir);
    const spill = budget === undefined ? {} : { spill: { dir, budget } };
    const kept = createSearchIndexWriter({ siteUrl, sizes, removable: true, ...spill });
    pages.forEach((records, index) => kept.addPage(index, records));
    expect(kept.finish()).toEqual(fresh(pages, sizes));
    expect(kept.spilled()).toBe(budget !== undefined);

    // An edit that adds words, one that drops a page's records, one to the last page, one that brings
    // them back, one to the first page, one that leaves a page two records, and two pages at once.
    const edits: [number, SearchRecord[]][] = [
      [7, syntheticPage(7, zipfVocabulary(300, random(5)), rand, 14)],
      [60, []],
      [119, syntheticPage(119, vocabulary, rand, 3)],
      [60, syntheticPage(60, vocabulary, rand, 25)],
      [0, syntheticPage(0, vocabulary, rand, 40)],
      [33, syntheticPage(33, vocabulary, rand, 2)],
      [20, syntheticPage(20, vocabulary, rand, 30)],
      [100, syntheticPage(100, vocabulary, rand, 5)],
    ];
    for (const [at, [index, records]] of edits.entries()) {
      kept.removePage(index);
      kept.addPage(index, records);
      pages[index] = records;
      // The last two are saved together.
      if (at === edits.length - 2) continue;
      const again = kept.finish();
      expect(again.directory).toBe(fresh(pages, sizes).directory);
      expect(again).toEqual(fresh(pages, sizes));
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

      // A record added last: what changed is encoded again, and the pieces are a fresh writer's.
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

/** 400 pages, and a paragraph with the commonest words added after the title of the page in the middle. */
function paragraphAdded(): { pages: SearchRecord[][]; edited: SearchRecord[]; vocabulary: string[] } {
  const rand = random(29);
  const vocabulary = zipfVocabulary(2000, rand);
  const pages = Array.from({ length: 400 }, (_, index) => syntheticPage(index, vocabulary, rand, 12));
  const [title, ...rest] = pages[200]!;
  const content = vocabulary.words.slice(0, 3).join(' ');
  const paragraph = { ...rest[0]!, objectID: 'added', type: 'content' as const, content };
  const edited = [title!, paragraph, ...rest].map((record, position) => ({
    ...record,
    weight: { ...record.weight, position },
  }));
  return { pages, edited, vocabulary: vocabulary.words };
}

/** Queries of the site's commonest words, rarer ones, and pairs of them. */
const queriesOf = (words: string[]) => [
  ...words.slice(0, 12),
  ...words.slice(300, 306),
  ...words.slice(0, 8).map((word, i) => `${word} ${words[i * 40 + 20]}`),
];

/** Dozens of pieces for each of the commonest words of `paragraphAdded`'s pages. */
const smaller = { ...manyPieces, longTerm: 256 };

describe("a kept writer's edit of one page of many", () => {
  it.each([
    ['in memory', undefined],
    ['spilled to disk', 1],
  ])(
    'looks only at the terms and pages near the edit, taking every other run of pieces as it was (%s)',
    async (_, budget) => {
      const { pages, vocabulary } = paragraphAdded();
      const dir = await mkdtemp(join(tmpdir(), 'self-docs-remove-page-'));
      made.push(dir);
      const spill = budget === undefined ? {} : { spill: { dir, budget } };
      const kept = createSearchIndexWriter({ siteUrl, sizes, removable: true, ...spill });
      pages.forEach((records, index) => kept.addPage(index, records));
      const first = kept.finish();
      // Two words of a paragraph of the middle page changed for two others.
      const edited = structuredClone(pages[200]!);
      const record = edited.find((candidate) => candidate.type === 'content')!;
      record.content = `${record.content} ${vocabulary[700]} ${vocabulary[900]}`;
      pages[200] = edited;
      const lookedAt = vi.spyOn(PieceMemo.prototype, 'segmentsOf');
      const madeOrCompared = vi.spyOn(PieceMemo.prototype, 'piece');
      kept.removePage(200);
      kept.addPage(200, edited);
      const again = kept.finish();
      const terms = lookedAt.mock.calls.length;
      const pieces = madeOrCompared.mock.calls.map(([key]) => key);
      lookedAt.mockRestore();
      madeOrCompared.mockRestore();
      expect(again).toEqual(fresh(pages, sizes));
      // Of 2,000 terms and about 550 pieces, the few around the page's words and its chunk: a writer
      // that walked them all looked at every term and compared every piece with the last write's.
      expect(vocabulary.length).toBe(2000);
      expect(terms).toBeGreaterThanOrEqual(2);
      expect(terms).toBeLessThan(vocabulary.length / 10);
      expect(pieces.length).toBeLessThan(first.pieces.size / 10);
      expect(pieces.filter((key) => /^[rh]\d/.test(key)).length).toBeLessThanOrEqual(4);
    },
  );

  it('encodes a common word again only from the piece holding the edited page, not all of its postings', async () => {
    const { pages, edited, vocabulary } = paragraphAdded();
    const kept = createSearchIndexWriter({ siteUrl, sizes: smaller, removable: true });
    pages.forEach((records, index) => kept.addPage(index, records));
    kept.finish();
    pages[200] = edited;
    const encoded: { held: number; encoded: number }[] = [];
    const sorted = TermPostings.prototype.sortedPostings;
    const spy = vi.spyOn(TermPostings.prototype, 'sortedPostings').mockImplementation(function (
      this: TermPostings,
      perPage: number,
      from?: number,
      to?: number,
    ) {
      const postings = sorted.call(this, perPage, from, to);
      encoded.push({ held: this.count, encoded: postings.ids.length });
      return postings;
    });
    kept.removePage(200);
    kept.addPage(200, pages[200]!);
    const again = kept.finish();
    spy.mockRestore();
    // The common words (in most pages, many pieces each) had a fraction of their postings encoded.
    const common = encoded.filter(({ held }) => held > 2000);
    expect(common.length).toBeGreaterThanOrEqual(3);
    for (const { held, encoded: count } of common) expect(count).toBeLessThan(held / 4);
    expect(await answers(again, queriesOf(vocabulary))).toEqual(
      await answers(fresh(pages, smaller), queriesOf(vocabulary)),
    );
  });

  it.each([
    ['in memory', undefined],
    ['spilled to disk', 8000],
  ])(
    'encodes again only the words of a paragraph added near the top, the later records keeping their ranks (%s)',
    async (_, budget) => {
      const { pages, edited, vocabulary } = paragraphAdded();
      const dir = await mkdtemp(join(tmpdir(), 'self-docs-remove-page-'));
      made.push(dir);
      const spill = budget === undefined ? {} : { spill: { dir, budget } };
      const kept = createSearchIndexWriter({ siteUrl, sizes: smaller, removable: true, ...spill });
      pages.forEach((records, index) => kept.addPage(index, records));
      const before = kept.finish();
      const encoded = new Set<TermPostings>();
      const sorted = TermPostings.prototype.sortedPostings;
      const spy = vi.spyOn(TermPostings.prototype, 'sortedPostings').mockImplementation(function (
        this: TermPostings,
        ...args: Parameters<TermPostings['sortedPostings']>
      ) {
        encoded.add(this);
        return sorted.apply(this, args);
      });
      try {
        pages[200] = edited;
        kept.removePage(200);
        kept.addPage(200, edited);
        const again = kept.finish();
        // The paragraph's words alone (its text, the title and heading over it): the page's other
        // 150 or so kept their postings.
        const paragraph = edited[1]!;
        const words = new Set(indexedFields.flatMap((field) => indexTerms(extractField(paragraph, field))));
        expect(words.size).toBeLessThan(15);
        expect(encoded.size).toBe(words.size);
        const made = [...again.pieces.keys()].filter((hash) => !before.pieces.has(hash));
        // The pieces of those words that hold the page, its chunks and the directories naming them
        // (with every later record's rank moved, those of all the page's words: four times as many).
        expect(made.length).toBeLessThan(50);
        expect(await answers(again, queriesOf(vocabulary))).toEqual(
          await answers(fresh(pages, smaller), queriesOf(vocabulary)),
        );

        // Its words changed: the same ranks again, so a fresh writer's very pieces.
        const reworded = edited.map((record) =>
          record.objectID === 'added' ? { ...record, content: vocabulary.slice(3, 6).join(' ') } : record,
        );
        pages[200] = reworded;
        kept.removePage(200);
        kept.addPage(200, reworded);
        expect(await answers(kept.finish(), queriesOf(vocabulary))).toEqual(
          await answers(fresh(pages, smaller), queriesOf(vocabulary)),
        );

        // Taken out again: the page as it first was is a fresh writer's, byte for byte.
        const [title, , ...rest] = reworded;
        pages[200] = [title!, ...rest].map((record, position) => ({
          ...record,
          weight: { ...record.weight, position },
        }));
        kept.removePage(200);
        kept.addPage(200, pages[200]!);
        expect(kept.finish()).toEqual(fresh(pages, smaller));
      } finally {
        spy.mockRestore();
      }
    },
  );

  it.each([
    ['in memory', undefined],
    ['spilled to disk', 8000],
  ])(
    'writes a fresh writer’s pieces after edits that grow, shrink, empty and refill pages, common words in dozens of pieces (%s)',
    async (_, budget) => {
      const rand = random(41);
      const vocabulary = zipfVocabulary(1500, rand);
      const pages = Array.from({ length: 300 }, (_, index) => syntheticPage(index, vocabulary, rand, 4 + (index % 15)));
      const dir = await mkdtemp(join(tmpdir(), 'self-docs-remove-page-'));
      made.push(dir);
      const spill = budget === undefined ? {} : { spill: { dir, budget } };
      const kept = createSearchIndexWriter({ siteUrl, sizes: smaller, removable: true, ...spill });
      pages.forEach((records, index) => kept.addPage(index, records));
      kept.finish();
      // Pages far apart and side by side; some far larger than before, some emptied, so that the
      // cuts past them meet the earlier ones late or not at all.
      const edits: [number, number][] = [
        [40, 60],
        [41, 0],
        [150, 1],
        [299, 45],
        [0, 0],
        [151, 70],
        [152, 2],
        [260, 30],
        [41, 12],
        [0, 25],
      ];
      for (const [index, records] of edits) {
        const page = records === 0 ? [] : syntheticPage(index, vocabulary, rand, records);
        kept.removePage(index);
        kept.addPage(index, page);
        pages[index] = page;
        expect(kept.finish()).toEqual(fresh(pages, smaller));
      }
    },
  );

  it.each([
    ['spilled every 20 pages or so', 8000, 8],
    ['spilled all at once', 1_000_000, 4],
  ])(
    'reads back from disk only the postings near the part of a common word it encodes again (%s)',
    async (_, budget, part) => {
      const { pages, edited, vocabulary } = paragraphAdded();
      const dir = await mkdtemp(join(tmpdir(), 'self-docs-remove-page-'));
      made.push(dir);
      const kept = createSearchIndexWriter({ siteUrl, sizes: smaller, removable: true, spill: { dir, budget } });
      pages.forEach((records, index) => kept.addPage(index, records));
      kept.finish();
      expect(kept.postingsReadBack()).toBe(0);

      const postingsOnDisk = async () => {
        const files = await readdir(join(dir, 'postings'));
        const sizes = await Promise.all(files.map((file) => stat(join(dir, 'postings', file))));
        return sizes.reduce((sum, { size }) => sum + size, 0);
      };
      const spilledBefore = await postingsOnDisk();

      pages[200] = edited;
      kept.removePage(200);
      kept.addPage(200, edited);
      const queries = queriesOf(vocabulary);
      expect(await answers(kept.finish(), queries)).toEqual(await answers(fresh(pages, smaller), queries));
      const read = kept.postingsReadBack();
      const onDisk = await postingsOnDisk();
      expect(read).toBeGreaterThan(0);
      // Reading each term the page holds whole took 18% of the postings on disk spilled every 20
      // pages, and 71% spilled at once; the entries near the part encoded again, 6% and 11%.
      expect(read).toBeLessThan(onDisk / part);

      // Edited again: its blocks are taken out of the entries the last write spilled (the edited
      // page's alone), not looked for in the earlier ones it was taken out of already (3× as much).
      kept.removePage(200);
      expect(kept.postingsReadBack() - read).toBeLessThanOrEqual(onDisk - spilledBefore);
      kept.addPage(200, pages[200]!);
      expect(await answers(kept.finish(), queries)).toEqual(await answers(fresh(pages, smaller), queries));
    },
  );
});
