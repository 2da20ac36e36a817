// What each piece of the split index is (client/contract/index-pieces.ts): how its text is read, the shape
// it must have, and what the isolate's cache charges for it. A piece's charge is worked out from
// its shape's list lengths and its text's length, never by visiting its values: a walk over every
// string of the pieces a first search reads was a costly part of a cold isolate's first search.

import { decodeRecordChunk, decodeRecordChunkBytes, type RecordChunk } from '../../../client/contract/record-chunks.ts';
import {
  decodeTermPiece,
  decodeTermPieceBytes,
  type PageDirectory,
  type SearchIndexRoot,
  type TermPiece,
  type VocabularyPiece,
} from '../../../client/contract/index-pieces.ts';
import {
  arrayBytes,
  jsonStringsBytes,
  latin1Json,
  objectBytes,
  retainedBytes,
  stringBytes,
  tupleListBytes,
} from './piece-cache.ts';
import type { PieceKind } from './pieces.ts';

/** Read from bytes, a chunk keeps them and decodes only the pages a search shows. */
const recordChunk: PieceKind<RecordChunk> = {
  parse: decodeRecordChunk,
  parseBytes: decodeRecordChunkBytes,
  valid: isRecordChunk,
  bytes: ({ pages, ends, body }, _text, latin1) =>
    objectBytes(3) +
    arrayBytes(pages.length) +
    arrayBytes(ends.length) +
    (typeof body === 'string' ? stringBytes(body, latin1) : retainedBytes(body)),
};

export const pieceKinds: {
  /** The index's first piece: a version 6 root, or an older build's whole directory. */
  directory: PieceKind<SearchIndexRoot>;
  /** A range of pages' record and heading chunks (version 6). */
  pages: PieceKind<PageDirectory>;
  terms: PieceKind<TermPiece>;
  vocabulary: PieceKind<VocabularyPiece>;
  /** Whole pages' records: a chunk is read for the hits on its pages, seldom again. */
  records: PieceKind<RecordChunk>;
  /** Titles and headings alone, of the same form: the hits common words find first, read again and again. */
  headings: PieceKind<RecordChunk>;
} = {
  directory: { valid: isDirectory, bytes: directoryBytes },
  pages: {
    valid: isPageDirectory,
    bytes: ({ chunks, headingChunks }, text, latin1) =>
      objectBytes(2) +
      tupleListBytes(chunks.length, 2) +
      tupleListBytes(headingChunks.length, 2) +
      jsonStringsBytes(text.length, chunks.length + headingChunks.length, latin1),
  },
  terms: {
    parse: decodeTermPiece,
    parseBytes: (bytes) => decodeTermPieceBytes(bytes, latin1Json),
    valid: isTermPiece,
    // The terms and their ends, then the postings: one string (read as text) or the bytes.
    bytes: ({ terms, ends, body, header }, text, latin1) =>
      objectBytes(4) +
      arrayBytes(terms.length) +
      arrayBytes(ends.length) +
      (typeof body === 'string'
        ? jsonStringsBytes(text.length, terms.length + 1, latin1)
        : objectBytes(2) +
          jsonStringsBytes(header?.chars ?? 0, terms.length, header?.latin1 ?? false) +
          retainedBytes(body)),
  },
  vocabulary: {
    valid: isVocabularyPiece,
    // Counts are small integers, held in the array's own slots; term pieces are [first, hash, 0 | 1].
    bytes: (piece, text, latin1) => {
      const pieces = piece.pieces?.length ?? 0;
      return (
        objectBytes(3) +
        arrayBytes(piece.terms.length) * 2 +
        (piece.pieces ? tupleListBytes(pieces, 3) : 0) +
        jsonStringsBytes(text.length, piece.terms.length + pieces * 2, latin1)
      );
    },
  },
  records: { ...recordChunk, passing: true },
  headings: recordChunk,
};

/** The first piece's long lists are tuples of a string or two and small integers; the rest is a few strings. */
function directoryBytes(directory: SearchIndexRoot, text: string, latin1: boolean): number {
  const { vocabulary, typos = [], facetExceptions, pageTags = [] } = directory;
  const [terms, chunks, headingChunks, pages] =
    directory.version === 6
      ? [[], [], [], directory.pages]
      : [directory.terms, directory.chunks, directory.headingChunks ?? [], []];
  const strings =
    terms.length * 2 +
    vocabulary.length +
    typos.length +
    chunks.length +
    headingChunks.length +
    pages.length +
    facetExceptions.length * 2 +
    pageTags.length +
    Object.keys(directory).length;
  const lists =
    tupleListBytes(terms.length, 3) +
    tupleListBytes(vocabulary.length, 2) +
    tupleListBytes(typos.length, 2) +
    tupleListBytes(chunks.length, 2) +
    tupleListBytes(headingChunks.length, 2) +
    tupleListBytes(pages.length, 2) +
    tupleListBytes(facetExceptions.length, 3) +
    tupleListBytes(pageTags.length, 2);
  return objectBytes(Object.keys(directory).length) + lists + jsonStringsBytes(text.length, strings, latin1);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isDirectory(value: unknown): value is SearchIndexRoot {
  if (!isObject(value) || !Array.isArray(value.vocabulary)) return false;
  // Bits of a record id that are its rank (absent: 16).
  const rankBits = value.rankBits ?? 16;
  if (!Number.isInteger(rankBits) || (rankBits as number) < 0 || (rankBits as number) > 16) return false;
  if (value.version === 6) return Array.isArray(value.pages) && Array.isArray(value.typos);
  if (!Array.isArray(value.terms) || !Array.isArray(value.chunks)) return false;
  // Older format (directories of versions 3 to 5): goes once every kept build records `formats` (contract/storage.ts).
  return value.version === 5 || value.version === 4 || value.version === 3;
}

function isPageDirectory(value: unknown): value is PageDirectory {
  return isObject(value) && Array.isArray(value.chunks) && Array.isArray(value.headingChunks);
}

/** A list (`terms`, `pages`) and a body, text or bytes, of one entry each, ending at `ends`. */
function hasEntries(value: unknown, list: 'terms' | 'pages'): boolean {
  if (!isObject(value)) return false;
  const entries = value[list];
  return (
    Array.isArray(entries) &&
    Array.isArray(value.ends) &&
    value.ends.length === entries.length &&
    (typeof value.body === 'string' || value.body instanceof Uint8Array)
  );
}

function isTermPiece(value: unknown): value is TermPiece {
  return hasEntries(value, 'terms');
}

function isVocabularyPiece(value: unknown): value is VocabularyPiece {
  return isObject(value) && Array.isArray(value.terms) && Array.isArray(value.counts);
}

function isRecordChunk(value: unknown): value is RecordChunk {
  return hasEntries(value, 'pages');
}
