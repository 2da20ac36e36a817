// What each piece of the split index is (client/search-pieces.ts): how its text is read, the shape
// it must have, and what the isolate's cache charges for it. A piece's charge is worked out from
// its known shape, in a loop over its strings; the general walk (`retainedBytes`) over every value
// of a piece cost a cold isolate's first search several milliseconds of interpreted recursion.

import {
  decodeRecordChunk,
  type RecordChunk,
  type SearchDirectory,
  type TermPiece,
  type VocabularyPiece,
} from '../../../client/search-pieces.ts';
import { arrayBytes, objectBytes, retainedBytes, stringArrayBytes, stringBytes } from './piece-cache.ts';
import type { PieceKind } from './pieces.ts';

export const pieceKinds: {
  directory: PieceKind<SearchDirectory>;
  terms: PieceKind<TermPiece>;
  vocabulary: PieceKind<VocabularyPiece>;
  records: PieceKind<RecordChunk>;
} = {
  directory: { valid: isDirectory, bytes: directoryBytes },
  terms: {
    valid: isTermPiece,
    bytes: (piece, latin1) =>
      objectBytes(2) + stringArrayBytes(piece.terms, latin1) + stringArrayBytes(piece.postings, latin1),
  },
  vocabulary: {
    valid: isVocabularyPiece,
    // Counts are small integers, held in the array's own slots.
    bytes: (piece, latin1) => objectBytes(2) + stringArrayBytes(piece.terms, latin1) + arrayBytes(piece.counts.length),
  },
  records: {
    parse: decodeRecordChunk,
    valid: isRecordChunk,
    bytes: (chunk, latin1) =>
      objectBytes(3) + arrayBytes(chunk.pages.length) + arrayBytes(chunk.ends.length) + stringBytes(chunk.body, latin1),
  },
};

/** The directory's long lists are tuples of a string or two and small integers; the rest is small. */
function directoryBytes(directory: SearchDirectory, latin1: boolean): number {
  const { terms, vocabulary, chunks, headingChunks, facetExceptions, pageTags, ...rest } = directory;
  const lists = [terms, vocabulary, chunks, headingChunks, facetExceptions, pageTags].filter(
    (list) => list !== undefined,
  );
  let bytes =
    objectBytes(Object.keys(directory).length) + retainedBytes(rest, latin1) - objectBytes(Object.keys(rest).length);
  for (const list of lists) {
    bytes += arrayBytes(list.length);
    for (const tuple of list) {
      bytes += arrayBytes(tuple.length);
      for (const item of tuple) bytes += retainedBytes(item, latin1);
    }
  }
  return bytes;
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
