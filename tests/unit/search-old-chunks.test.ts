// The worker outlives the builds it may be rolled back to: a build written before record chunks
// were split by page (search directory version 3) still answers searches from its chunks.

import { describe, expect, it } from 'vitest';
import { chunkPage, decodeRecordChunk, encodeRecordChunk } from '../../client/search-pieces.ts';
import type { CompactRecord } from '../../client/search-options.ts';

const pageOne = [['Install', 'lvl1']] as unknown as CompactRecord[];
const pageTwo = [
  ['Configure', 'lvl1'],
  ['Set the key', 'content'],
] as unknown as CompactRecord[];

describe('record chunks', () => {
  it('read a page at a time from the current form', () => {
    const chunk = decodeRecordChunk(encodeRecordChunk([4, 5], [JSON.stringify(pageOne), JSON.stringify(pageTwo)]));
    expect(chunk.pages).toEqual([4, 5]);
    expect(chunkPage(chunk, 1)).toEqual(pageTwo);
  });

  it('read the same pages from a chunk an older build wrote as one object', () => {
    const old = JSON.stringify({ pages: [4, 5], records: [pageOne, pageTwo] });
    const chunk = decodeRecordChunk(old);
    expect(chunk.pages).toEqual([4, 5]);
    expect(chunkPage(chunk, 0)).toEqual(pageOne);
    expect(chunkPage(chunk, 1)).toEqual(pageTwo);
  });

  it('refuse text that is neither', () => {
    expect(() => decodeRecordChunk('{"terms":[]}')).toThrow('not a record chunk');
  });
});
