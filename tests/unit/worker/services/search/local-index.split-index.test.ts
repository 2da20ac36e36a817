// The embedded index at scale: split into pieces no bigger than a cheap read, of which a query
// reads only the few it needs, with the same answers however the pieces are cut.

import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../../../../client/contract/search-protocol.ts';
import type { SearchDirectory, VocabularyPiece } from '../../../../../client/contract/index-pieces.ts';
import { pieceSizes } from '../../../../../scripts/compiler/outputs/search/index-writer.ts';
import { ByteCache } from '../../../../../worker/services/byte-cache.ts';
import { localIndex } from '../../../../../worker/services/search/local-index.ts';
import { forgetSearchPieces, searchCacheBytes } from '../../../../../worker/services/search/pieces.ts';
import { asVersion5, flatDirectory, openIndex, piecesInKv, writeIndex } from '../../../support/search-index.ts';
import { random, syntheticPage, zipfVocabulary, type Vocabulary } from '../../../support/synthetic-pages.ts';

let records: SearchRecord[];
let vocabulary: Vocabulary;
let written: ReturnType<typeof writeIndex>;
let directory: SearchDirectory;

beforeAll(() => {
  const rand = random(1);
  vocabulary = zipfVocabulary(20_000, rand);
  records = Array.from({ length: 3000 }, (_, page) => syntheticPage(page, vocabulary, rand, 30)).flat();
  written = writeIndex(records);
  directory = flatDirectory(written);
}, 300_000);

/** Words of the site from common to rare. */
const common = () => vocabulary.words[0]!;
const rare = () => vocabulary.words[5000]!;

// Searches over 90,000 records: minutes of CPU on a busy machine, not the 60 s a unit test gets.
describe('the split index of 3,000 pages', { timeout: 180_000 }, () => {
  it('keeps every piece under 1 MB (twice a common word’s piece), and the root read first a small part of what listing every piece takes', () => {
    const sizes = [...written.pieces.values()].map((text) => Buffer.byteLength(text));
    expect(records.length).toBe(90_000);
    expect(written.pieces.size).toBeGreaterThan(100);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2 * pieceSizes.longTerm);
    const root = Buffer.byteLength(written.pieces.get(written.directory)!);
    expect(root).toBeLessThan(8 * 1024);
    expect(root).toBeLessThan(Buffer.byteLength(JSON.stringify(directory)) / 5);
  });

  it('splits the postings of a word found in most records across pieces of its own', () => {
    const pieces = directory.terms.filter(([term]) => term === common());
    expect(pieces.length).toBeGreaterThan(0);
    expect(directory.terms.some(([, , continued]) => continued === 1) || pieces.length === 1).toBe(true);
  });

  it('reads a handful of pieces for a query and the records of its first hits', async () => {
    const index = openIndex(written);
    const ranking = await index.engine.search(`${rare()} ${common().slice(0, 2)}`);
    await index.engine.records(ranking.slice(0, 20));
    expect(index.read.size).toBeGreaterThan(0);
    // The word's vocabulary and term pieces, the page directory pieces and the chunks of 20 hits.
    expect(index.read.size).toBeLessThanOrEqual(24);
    expect(index.read.size).toBeLessThan(written.pieces.size / 10);
  });

  it('reads the hits on titles and headings from heading chunks, fewer bytes than the pages’ chunks', async () => {
    const headingChunks = new Set(directory.headingChunks!.map(([, hash]) => hash));
    const pageChunks = new Set(directory.chunks.map(([, hash]) => hash));
    const query = common();
    const ranking = await openIndex(written).engine.search(query);
    // Five pages of hits: twenty hits over 3,000 pages rarely share a chunk of either kind, so
    // what is read then is the luck of where they lie; more of them show what each kind holds.
    const ids = ranking.slice(0, 100);
    expect(ids.every((id) => ranking.isHeading(id))).toBe(true);

    const withHeadings = openIndex(written);
    const fromHeadings = await withHeadings.engine.records(ids, (id) => ranking.isHeading(id));
    const wholePages = openIndex(written);
    const fromPages = await wholePages.engine.records(ids);
    expect(fromHeadings).toEqual(fromPages);
    expect(fromHeadings.every((record) => record.type !== 'content')).toBe(true);

    const recordPieces = (index: ReturnType<typeof openIndex>) =>
      [...index.read].filter((hash) => (!pageChunks.has(hash) ? headingChunks.has(hash) : true));
    const bytes = (hashes: string[]) => hashes.reduce((sum, hash) => sum + written.pieces.get(hash)!.length, 0);
    const headingReads = recordPieces(withHeadings);
    expect(headingReads.length).toBeGreaterThan(0);
    expect(headingReads.every((hash) => headingChunks.has(hash))).toBe(true);
    // A heading chunk holds the titles and headings of many more pages (here ~48) than a page chunk
    // holds pages (~6: little body text in this synthetic corpus), so the hits share fewer chunks.
    expect(bytes(headingReads)).toBeLessThan(bytes(recordPieces(wholePages)));
  });

  it('answers the same however small the pieces are cut', async () => {
    const some = records.slice(0, 15_000);
    const small = openIndex(writeIndex(some, { terms: 2048, longTerm: 8192, vocabulary: 1024, records: 4096 }));
    const usual = openIndex(writeIndex(some));
    expect(flatDirectory(small).terms.some(([, , continued]) => continued)).toBe(true);
    const typo = `${rare().slice(0, -1)}${rare().endsWith('q') ? 'z' : 'q'}`;
    for (const query of [
      common(),
      `${common()} ${rare()}`,
      rare().slice(0, 3),
      typo,
      `${common()} ${rare().slice(0, 2)}`,
    ]) {
      const [a, b] = await Promise.all([small.engine.search(query), usual.engine.search(query)]);
      expect(a.count).toBe(b.count);
      expect(a.slice(0, 50)).toEqual(b.slice(0, 50));
    }
  });

  it('looks for a word’s typos among the terms of its first letter and nearby lengths only, with the same answers', async () => {
    // Small vocabulary pieces, so what is read shows what is looked at.
    const fine = writeIndex(records, { ...pieceSizes, vocabulary: 2048 });
    const directory = flatDirectory(fine);
    // The same index as a build made before the typo order reads it: every term of the first letter.
    const typos = directory.typos;
    expect(typos?.length).toBeGreaterThan(0);
    const before = openIndex(asVersion5(fine, { typos: undefined }));
    const now = openIndex(fine);
    const vocabularyPieces = new Set([...directory.vocabulary, ...typos!].map(([, hash]) => hash));
    // The terms' text looked at (a piece's term pieces, named for its terms, are the same either way).
    const vocabularyBytes = (index: ReturnType<typeof openIndex>) =>
      [...index.read]
        .filter((hash) => vocabularyPieces.has(hash))
        .reduce(
          (sum, hash) => sum + JSON.stringify((JSON.parse(fine.pieces.get(hash)!) as VocabularyPiece).terms).length,
          0,
        );
    const word = vocabulary.words.find((candidate, rank) => rank > 300 && /^e.{5}$/.test(candidate))!;
    const typo = `${word.slice(0, -2)}${word.at(-1)}${word.at(-2)}`;
    await Promise.all([now.engine.search(typo), before.engine.search(typo)]);
    expect(vocabularyBytes(now)).toBeLessThan(vocabularyBytes(before) / 2);
    for (const query of [typo, `${typo} ${common()}`, `${common()} ${typo}`, `${rare()} ${typo.slice(0, 5)}`]) {
      const [a, b] = await Promise.all([now.engine.search(query), before.engine.search(query)]);
      expect(a.count).toBe(b.count);
      expect(a.slice(0, a.count)).toEqual(b.slice(0, b.count));
    }
    expect(await now.suggest(`${typo}x`, 5)).toEqual(await before.suggest(`${typo}x`, 5));
  });

  it('answers from its small root as a version 5 build’s directory listing every piece does, reading no term piece for a word it lacks', async () => {
    const now = openIndex(written);
    const rollback = openIndex(asVersion5(written));
    const typo = `${rare().slice(0, -1)}${rare().endsWith('q') ? 'z' : 'q'}`;
    for (const query of [common(), `${rare()} ${common().slice(0, 3)}`, typo, `zq ${common()}`, `${common()} zq`]) {
      const [a, b] = await Promise.all([now.search(query), rollback.search(query)]);
      expect(a).toEqual(b);
    }
    expect(await now.suggest(`${typo}x`, 5)).toEqual(await rollback.suggest(`${typo}x`, 5));
    const termPieces = new Set(directory.terms.map(([, hash]) => hash));
    const absent = openIndex(written);
    expect((await absent.search('zq')).length).toBe(0);
    expect([...absent.read].filter((hash) => termPieces.has(hash))).toEqual([]);
  });

  it('answers no hits, without failing, from the root of a site with no records', async () => {
    const empty = openIndex(writeIndex([]));
    for (const query of ['deploy', 'de', 'dep deploy', 'deplyo']) expect(await empty.search(query)).toEqual([]);
    expect(await empty.suggest('deplyo', 3)).toEqual([]);
  });

  it('finds every record that holds both words of a query', async () => {
    const [first, second] = [vocabulary.words[3]!, vocabulary.words[40]!];
    const holds = (record: SearchRecord, word: string) =>
      [record.content, ...Object.values(record.hierarchy).slice(1)].some((text) =>
        (text ?? '').split(' ').includes(word),
      );
    // Synthetic records are named `<page>-<position>`, so their ids are known.
    const idOf = (record: SearchRecord) => {
      const [page, position] = record.objectID.split('-').map(Number);
      return page! * 2 ** 16 + position!;
    };
    const expected = records.filter((record) => holds(record, first) && holds(record, second)).map(idOf);
    const ranking = await openIndex(written).engine.search(`${first} ${second}`);
    // The last word also matches as a prefix or with a typo: every exact match is among them.
    expect(expected.length).toBeGreaterThan(0);
    expect(ranking.slice(0, ranking.count)).toEqual(expect.arrayContaining(expected));
  });
});

describe('the isolate’s memory of pieces', () => {
  it('forgets the least recently used entries once over its budget in bytes', () => {
    const cache = new ByteCache(100);
    cache.set('a', 'A', 40);
    cache.set('b', 'B', 40);
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 40);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    expect(cache.bytes).toBe(80);
    cache.set('huge', 'H', 101);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(80);
  });

  it('keeps the pieces a query reads again while the pages of many hits come and go', async () => {
    const stored = piecesInKv(written);
    const read: string[] = [];
    const kv = {
      get: async (key: string) => {
        read.push(key);
        return stored.entries.get(key) ?? null;
      },
    } as unknown as KVNamespace;
    forgetSearchPieces(2 * 1024 * 1024);
    try {
      const index = await localIndex({ CONTENT: kv }, stored.ref);
      const search = async (query: string) => {
        const ranking = await index.search(query);
        await index.records(ranking.slice(0, 20), (id) => ranking.isHeading(id));
      };
      await search(common());
      // A reader then looks at the text of hits on every page of the site: far more than the budget.
      const pageChunks = new Set(directory.chunks.map(([, hash]) => `search:${hash}`));
      const pages = Array.from({ length: 3000 }, (_, page) => page * 2 ** 16 + 1);
      for (let from = 0; from < pages.length; from += 100) await index.records(pages.slice(from, from + 100));
      expect(read.filter((key) => pageChunks.has(key)).length).toBeGreaterThan(50);
      read.length = 0;
      await search(common());
      expect(read).toEqual([]);
    } finally {
      forgetSearchPieces();
    }
  });

  it('stays within its budget while searching a site bigger than it', async () => {
    const stored = piecesInKv(written);
    const kv = { get: async (key: string) => stored.entries.get(key) ?? null } as unknown as KVNamespace;
    const budget = 2 * 1024 * 1024;
    forgetSearchPieces(budget);
    try {
      for (const word of vocabulary.words.slice(0, 12)) {
        const index = await localIndex({ CONTENT: kv }, stored.ref);
        const ranking = await index.search(word);
        await index.records(ranking.slice(0, 20));
        expect(searchCacheBytes()).toBeLessThanOrEqual(budget);
      }
      expect(searchCacheBytes()).toBeGreaterThan(budget / 2);
    } finally {
      forgetSearchPieces();
    }
  });
});
