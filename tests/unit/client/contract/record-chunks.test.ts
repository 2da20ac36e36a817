// The worker outlives the builds it may be rolled back to: builds whose record chunks hold a page's
// records as a plain array (search directory version 4), or are not split by page at all (version
// 3), still answer searches from their chunks, as a build of today's form (version 5) does.

import { describe, expect, it } from 'vitest';
import { chunkPage, decodeRecordChunk, encodeRecordChunk } from '../../../../client/contract/record-chunks.ts';
import { decodePageRecords, encodePageRecords } from '../../../../client/contract/search-records.ts';
import type { CompactRecord } from '../../../../client/contract/search-records.ts';
import { asVersion5, flatDirectory, openIndex, writeIndex } from '../../support/search-index.ts';
import { random, syntheticPage, zipfVocabulary } from '../../support/synthetic-pages.ts';

const pageOne = [
  ['a1', '/install', 'lvl1', ['Install', null, null, null, null, null, null], null, 0],
] as CompactRecord[];
const pageTwo = [
  ['b1', '/configure', 'lvl1', ['Configure', null, null, null, null, null, null], null, 0],
  ['b2', '/configure#keys', 'lvl2', ['Configure', 'Keys', null, null, null, null, null], null, 1],
  ['b3', '/configure#keys', 'content', ['Configure', 'Keys', null, null, null, null, null], 'Set the key', 2],
  ['b4', '/configure#keys', 'content', ['Configure', 'Keys', null, null, null, null, null], 'Then restart', 3],
  [
    'b5',
    'https://elsewhere.test/x',
    'content',
    ['Configure', 'Keys', null, null, null, null, null],
    'Away',
    4,
    'fr',
    'v1',
  ],
] as CompactRecord[];

describe('a page’s records in a chunk', () => {
  it('store the page’s path and each section’s headings once, not in every record', () => {
    const stored = encodePageRecords(pageTwo);
    expect(stored.split('/configure').length - 1).toBe(1);
    expect(stored.split('Keys').length - 1).toBe(2);
    expect(stored.length).toBeLessThan(JSON.stringify(pageTwo).length * 0.7);
  });

  it('read back as the records they were, a page at a time', () => {
    const chunk = decodeRecordChunk(
      encodeRecordChunk([4, 5], [encodePageRecords(pageOne), encodePageRecords(pageTwo)]),
    );
    expect(chunk.pages).toEqual([4, 5]);
    expect(chunkPage(chunk, 1)).toEqual(pageTwo);
    expect(decodePageRecords(encodePageRecords([]))).toEqual([]);
  });
});

describe('record chunks of older builds', () => {
  it('read a page at a time from the version 4 form (a plain array a page)', () => {
    const chunk = decodeRecordChunk(encodeRecordChunk([4, 5], [JSON.stringify(pageOne), JSON.stringify(pageTwo)]));
    expect(chunkPage(chunk, 0)).toEqual(pageOne);
    expect(chunkPage(chunk, 1)).toEqual(pageTwo);
  });

  it('read the same pages from a chunk an older build wrote as one object (version 3)', () => {
    const old = JSON.stringify({ pages: [4, 5], records: [pageOne, pageTwo] });
    const chunk = decodeRecordChunk(old);
    expect(chunk.pages).toEqual([4, 5]);
    expect(chunkPage(chunk, 0)).toEqual(pageOne);
    expect(chunkPage(chunk, 1)).toEqual(pageTwo);
  });

  it('refuse text that is neither', () => {
    expect(() => decodeRecordChunk('{"terms":[]}')).toThrow('not a record chunk');
  });

  it('answer a version 4 build’s searches with the same hits as today’s form', async () => {
    const rand = random(3);
    const vocabulary = zipfVocabulary(2000, rand);
    const records = Array.from({ length: 60 }, (_, page) => syntheticPage(page, vocabulary, rand, 8)).flat();
    const current = writeIndex(records);
    const directory = flatDirectory(current);
    // The same index as a version 4 build wrote it: each page's records a plain array.
    const older = asVersion5(current, { version: 4 }).pieces;
    for (const [, hash] of directory.chunks) {
      const chunk = decodeRecordChunk(current.pieces.get(hash)!);
      const pages = chunk.pages.map((_, i) => JSON.stringify(chunkPage(chunk, i)));
      older.set(hash, encodeRecordChunk(chunk.pages, pages));
    }
    expect(older.get(directory.chunks[0]![1])).not.toBe(current.pieces.get(directory.chunks[0]![1]));
    const today = openIndex(current);
    const rollback = openIndex({ directory: `${current.directory}-v5`, pieces: older });
    for (const query of [vocabulary.words[0]!, `${vocabulary.words[3]!} ${vocabulary.words[1]!.slice(0, 2)}`]) {
      const hits = await today.search(query);
      expect(hits.length).toBeGreaterThan(0);
      expect(await rollback.search(query)).toEqual(hits);
    }
  });
});
