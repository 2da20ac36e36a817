// What each piece of the split index is (client/search-pieces.ts): how its text is read, the shape
// it must have, and what the isolate's cache charges for it. A piece's charge is worked out from
// its shape's list lengths and its text's length, never by visiting its values: a walk over every
// string of the pieces a first search reads cost a cold isolate several milliseconds.

import {
  decodeRecordChunk,
  type RecordChunk,
  type SearchDirectory,
  type TermPiece,
  type VocabularyPiece,
} from '../../../client/search-pieces.ts';
import { arrayBytes, jsonStringsBytes, objectBytes, stringBytes, tupleListBytes } from './piece-cache.ts';
import type { PieceKind } from './pieces.ts';

const recordChunk: PieceKind<RecordChunk> = {
  parse: decodeRecordChunk,
  valid: isRecordChunk,
  bytes: (chunk, _text, latin1) =>
    objectBytes(3) + arrayBytes(chunk.pages.length) + arrayBytes(chunk.ends.length) + stringBytes(chunk.body, latin1),
};

export const pieceKinds: {
  directory: PieceKind<SearchDirectory>;
  terms: PieceKind<TermPiece>;
  vocabulary: PieceKind<VocabularyPiece>;
  /** Whole pages' records: a chunk is read for the hits on its pages, seldom again. */
  records: PieceKind<RecordChunk>;
  /** Titles and headings alone, of the same form: the hits common words find first, read again and again. */
  headings: PieceKind<RecordChunk>;
} = {
  directory: { valid: isDirectory, bytes: directoryBytes },
  terms: {
    valid: isTermPiece,
    bytes: (piece, text, latin1) =>
      objectBytes(2) + arrayBytes(piece.terms.length) * 2 + jsonStringsBytes(text, piece.terms.length * 2, latin1),
  },
  vocabulary: {
    valid: isVocabularyPiece,
    // Counts are small integers, held in the array's own slots.
    bytes: (piece, text, latin1) =>
      objectBytes(2) + arrayBytes(piece.terms.length) * 2 + jsonStringsBytes(text, piece.terms.length, latin1),
  },
  records: { ...recordChunk, passing: true },
  headings: recordChunk,
};

/** The directory's long lists are tuples of a string or two and small integers; the rest is a few strings. */
function directoryBytes(directory: SearchDirectory, text: string, latin1: boolean): number {
  const { terms, vocabulary, typos = [], chunks, headingChunks = [], facetExceptions, pageTags = [] } = directory;
  const strings =
    terms.length * 2 +
    vocabulary.length +
    typos.length +
    chunks.length +
    headingChunks.length +
    facetExceptions.length * 2 +
    pageTags.length +
    Object.keys(directory).length;
  const lists =
    tupleListBytes(terms.length, 3) +
    tupleListBytes(vocabulary.length, 2) +
    tupleListBytes(typos.length, 2) +
    tupleListBytes(chunks.length, 2) +
    tupleListBytes(headingChunks.length, 2) +
    tupleListBytes(facetExceptions.length, 3) +
    tupleListBytes(pageTags.length, 2);
  return objectBytes(Object.keys(directory).length) + lists + jsonStringsBytes(text, strings, latin1);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isDirectory(value: unknown): value is SearchDirectory {
  if (!isObject(value) || !Array.isArray(value.terms) || !Array.isArray(value.chunks)) return false;
  return value.version === 5 || value.version === 4 || value.version === 3;
}

function isTermPiece(value: unknown): value is TermPiece {
  return isObject(value) && Array.isArray(value.terms) && Array.isArray(value.postings);
}

function isVocabularyPiece(value: unknown): value is VocabularyPiece {
  return isObject(value) && Array.isArray(value.terms) && Array.isArray(value.counts);
}

function isRecordChunk(value: unknown): value is RecordChunk {
  return (
    isObject(value) &&
    Array.isArray(value.pages) &&
    Array.isArray(value.ends) &&
    value.ends.length === value.pages.length &&
    typeof value.body === 'string'
  );
}
