// Record chunks of the split search index: the records of consecutive pages, each page's read
// alone when a hit asks for it.

import { entryText, utf8 } from './piece-bodies.ts';
import { decodePageRecords, pageRecordReader, type CompactRecord, type PageRecordReader } from './search-records.ts';

/**
 * Records of consecutive pages. Stored as a JSON line `{"pages":[…],"ends":[…],"byteEnds":[…]}`,
 * then the pages' records one JSON value each (`encodePageRecords`; version 4: a
 * `CompactRecord[]`), back to back: page `pages[i]`'s value runs from `ends[i - 1]` (0 for the
 * first) to `ends[i]` in characters after the line, and from `byteEnds[i - 1]` to `byteEnds[i]` in
 * its UTF-8 bytes (chunks written before `byteEnds` lack it). A hit's page is parsed alone, not
 * the whole chunk; read as bytes, only the hit's page is decoded to text.
 */
export interface RecordChunk {
  pages: number[];
  /** Where each page's value ends in `body`: characters of a text body, bytes of a byte body. */
  ends: number[];
  /** The pages' values, as text or as their UTF-8 bytes (`decodeRecordChunkBytes`). */
  body: string | Uint8Array;
}

export function encodeRecordChunk(pages: number[], pageRecords: string[]): string {
  const ends: number[] = [];
  const byteEnds: number[] = [];
  let end = 0;
  let byteEnd = 0;
  for (const records of pageRecords) {
    ends.push((end += records.length));
    byteEnds.push((byteEnd += utf8Length(records)));
  }
  return `${JSON.stringify({ pages, ends, byteEnds })}\n${pageRecords.join('')}`;
}

/** The length of `text` in UTF-8, without encoding it (a lone surrogate counts as its replacement's 3 bytes). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A pair: two characters, four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

// Older format (a version 3 record chunk): goes once every kept build records `formats` (contract/storage.ts).
/**
 * A chunk of either form: a header line and a body (version 4 on), or a version 3 one (one JSON
 * object `{"pages":[…],"records":[[…],…]}`, as builds made before it wrote; a rollback may serve one).
 */
export function decodeRecordChunk(text: string): RecordChunk {
  const line = text.indexOf('\n');
  if (line === -1) {
    const old = JSON.parse(text) as { pages: number[]; records: CompactRecord[][] };
    if (!Array.isArray(old.pages) || !Array.isArray(old.records)) throw new Error('not a record chunk');
    return decodeRecordChunk(
      encodeRecordChunk(
        old.pages,
        old.records.map((records) => JSON.stringify(records)),
      ),
    );
  }
  const { pages, ends } = JSON.parse(text.slice(0, line)) as Omit<RecordChunk, 'body'>;
  return { pages, ends, body: text.slice(line + 1) };
}

// Older format (a record chunk without `byteEnds`): goes once every kept build records `formats` (contract/storage.ts).
/**
 * A chunk from its UTF-8 bytes: only the header line is decoded, and each page when it is read
 * (a search reads one page or two of a chunk). A chunk written without `byteEnds` is decoded whole,
 * as `decodeRecordChunk` reads it.
 */
export function decodeRecordChunkBytes(bytes: Uint8Array): RecordChunk {
  const line = bytes.indexOf(0x0a);
  if (line !== -1) {
    const { pages, byteEnds } = JSON.parse(utf8.decode(bytes.subarray(0, line))) as {
      pages: number[];
      byteEnds?: number[];
    };
    if (Array.isArray(byteEnds)) return { pages, ends: byteEnds, body: bytes.subarray(line + 1) };
  }
  return decodeRecordChunk(utf8.decode(bytes));
}

/** The compact records of the chunk's `i`th page (a heading chunk's page lacks its text records). */
export function chunkPage(chunk: RecordChunk, i: number): (CompactRecord | undefined)[] {
  return decodePageRecords(entryText(chunk, i));
}

/** The chunk's `i`th page, its records read one at a time (`pageRecordReader`). */
export function chunkPageReader(chunk: RecordChunk, i: number): PageRecordReader {
  return pageRecordReader(entryText(chunk, i));
}
