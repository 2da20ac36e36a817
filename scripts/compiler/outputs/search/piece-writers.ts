// The pieces of the split search index, each kind grouped to its target size: term pieces
// (postings), vocabulary pieces and record chunks. index-writer.ts gathers what they hold.

import { encodeRecordChunk } from '../../../../client/contract/record-chunks.ts';
import { encodeTermPiece, typoKey, type TermPieceEntry } from '../../../../client/contract/index-pieces.ts';
import { encodeVarint } from '../../../../client/contract/postings.ts';
import { termPiecesOfTerms } from './directory.ts';
import type { PieceMemo } from './piece-memo.ts';
import { piece, type SearchPiece } from './search-piece.ts';
import type { TermPostings } from './term-postings.ts';

export { piece, pieceHash, type SearchPiece } from './search-piece.ts';

export interface PieceSizes {
  /**
   * Characters a piece of short posting lists aims at: a query reads one for each rarer word, so
   * small (a longer list has pieces of its own anyway).
   */
  terms: number;
  /** A long posting list's pieces: few reads for a common word, still far below KV's limits. */
  longTerm: number;
  /**
   * Vocabulary pieces (in either order) are read whole for a prefix or a typo: small, so a word
   * reads little more than the terms that can stand for it.
   */
  vocabulary: number;
  /** Record chunks hold whole pages (a few each on a large site); a hit reads one. */
  records: number;
  /** Heading chunks hold pages' titles and headings (about 25 pages); records' size when absent. */
  headings?: number;
  /** Record chunks a page directory piece lists (`chunksPerPageDirectory` when absent). */
  pageDirectory?: number;
}

export const pieceSizes: PieceSizes = {
  terms: 32 * 1024,
  longTerm: 500 * 1024,
  vocabulary: 16 * 1024,
  records: 24 * 1024,
  headings: 24 * 1024,
};

/**
 * Terms in order, grouped into pieces of about `sizes.terms`; a term too long for that has
 * pieces of its own, of up to `sizes.longTerm` each (a word in most records spans several). With a
 * memo, a term's segments are encoded when its postings changed or its piece must be made again.
 */
export function* termPieces(
  vocabulary: string[],
  postingsOf: (term: string) => TermPostings,
  sizes: PieceSizes,
  perPage: number,
  memo?: PieceMemo,
): Generator<SearchPiece & { first: string; continued: boolean }> {
  const encode = (term: string) => encodedSegments(postingsOf(term), sizes.longTerm, perPage);
  /** Segments encoded in this write, until their piece is made. */
  const encoded = new Map<string, string[]>();
  /** Piece `segment` of `terms`; `done`: the terms' segments are not needed again. */
  const close = (terms: string[], segment: number, continued: boolean, done = true) => {
    const make = () => {
      const postings = terms.map((term) => (encoded.get(term) ?? encode(term))[segment]!);
      return { ...piece(encodeTermPiece(terms, postings)), continued, first: terms[0]! };
    };
    // A long term's pieces share their one term: their place in it tells them apart.
    const written = memo
      ? memo.piece(
          `t${continued ? segment : ''}\0${terms.join('\0')}`,
          [perPage, ...terms.map((term) => memo.generation(term))],
          make,
        )
      : make();
    if (done) for (const term of terms) encoded.delete(term);
    return written;
  };
  let current = { terms: [] as string[], size: 0 };
  for (const term of vocabulary) {
    let lengths: number[];
    if (memo) {
      const known = memo.lengthsOf(term, perPage, () => encode(term));
      lengths = known.lengths;
      if (known.segments) encoded.set(term, known.segments);
    } else {
      const segments = encode(term);
      lengths = segments.map((segment) => segment.length);
      encoded.set(term, segments);
    }
    const size = lengths[0]! + term.length + 6;
    if (lengths.length === 1 && size < sizes.terms) {
      if (current.size + size > sizes.terms && current.terms.length > 0) {
        yield close(current.terms, 0, false);
        current = { terms: [], size: 0 };
      }
      current.terms.push(term);
      current.size += size;
      continue;
    }
    if (current.terms.length > 0) {
      yield close(current.terms, 0, false);
      current = { terms: [], size: 0 };
    }
    for (let i = 0; i < lengths.length; i++) yield close([term], i, i > 0, i === lengths.length - 1);
  }
  if (current.terms.length > 0) yield close(current.terms, 0, false);
}

/**
 * The character codes of posting varint digits: a last digit d is `digits[d]`, one more follow is
 * `digits[32 + d]`. Taken from what `encodeVarint` writes first for 0…63, so the format stays its own.
 */
const digits = Uint8Array.from({ length: 64 }, (_, value) => {
  const out: string[] = [];
  encodeVarint(value, out);
  return out[0]!.charCodeAt(0);
});
/** Digits of the largest posting number: a record id (below 2^32) × 256 + meta. */
const maxDigits = Math.ceil(40 / 5);

/**
 * A term's postings as strings of at most `max` characters, each decodable on its own. Written as
 * bytes (the digits are ASCII): a large site has tens of millions of postings, where a one-character
 * string per digit, joined, was the largest single cost of writing the index.
 */
function encodedSegments(postings: TermPostings, max: number, perPage: number): string[] {
  const { ids, metas } = postings.sortedPostings(perPage);
  const segments: string[] = [];
  const bytes = Buffer.allocUnsafe(Math.min(max, ids.length * maxDigits) + maxDigits);
  let length = 0;
  const write = (value: number) => {
    let rest = value;
    while (rest >= 32) {
      bytes[length++] = digits[(rest % 32) + 32]!;
      rest = Math.floor(rest / 32);
    }
    bytes[length++] = digits[rest]!;
  };
  let previous = 0;
  for (let i = 0; i < ids.length; i++) {
    const before = length;
    write((ids[i]! - previous) * 256 + metas[i]!);
    if (length > max) {
      segments.push(bytes.toString('latin1', 0, before));
      length = 0;
      write(ids[i]! * 256 + metas[i]!);
    }
    previous = ids[i]!;
  }
  segments.push(bytes.toString('latin1', 0, length));
  return segments;
}

/** Terms by first letter, then length (`typoKey`): what one word's typos must look at is together. */
export function inTypoOrder(vocabulary: string[]): string[] {
  return vocabulary
    .map((term) => [typoKey(term), term] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([, term]) => term);
}

/** Terms in the order given, grouped into pieces of about `target` characters, each naming its terms' term pieces. */
export function* vocabularyPieces(
  vocabulary: string[],
  terms: Map<string, TermPostings>,
  termList: TermPieceEntry[],
  target: number,
  memo?: PieceMemo,
  /** Tells the vocabulary's pieces from the typo list's in the memo. */
  kind = 'v',
): Generator<SearchPiece & { first: string }> {
  let current: string[] = [];
  let size = 0;
  const close = () => {
    const counts = current.map((term) => terms.get(term)!.count);
    const pieces = termPiecesOfTerms(current, termList);
    const make = () => ({ ...piece(JSON.stringify({ terms: current, counts, pieces })), first: current[0]! });
    if (!memo) return make();
    // Keyed by its first term, made of its terms (the vocabulary's own strings: compared by
    // reference first), counts and term pieces: no key joins every term of the vocabulary each write.
    return memo.piece(`${kind}${current[0]}`, [...current, ...counts, ...pieces.flat()], make);
  };
  for (const term of vocabulary) {
    current.push(term);
    size += term.length + 10;
    if (size >= target) {
      yield close();
      current = [];
      size = 0;
    }
  }
  if (current.length > 0) yield close();
}

/** Pages' record texts as the writer holds them: in memory, or on disk (spill.ts). */
export interface PageTexts {
  pages: number[];
  text: (page: number) => string;
  /** Its text's length, without reading it. */
  size: (page: number) => number;
  /** What tells a page's text from an earlier one (the text itself, or where it was written). */
  token: (page: number) => unknown;
}

/** Whole pages in build order, a chunk closing once it passes the target size. */
export function* recordChunks(
  pageRecords: PageTexts,
  target: number,
  memo?: PieceMemo,
  /** Tells record chunks from heading chunks in the memo. */
  kind = 'r',
  passing = false,
): Generator<SearchPiece & { first: number }> {
  let pages: number[] = [];
  let size = 0;
  const close = () => {
    const held = pages;
    const make = () => ({
      ...piece(encodeRecordChunk(held, held.map(pageRecords.text))),
      first: held[0]!,
      ...(passing ? { passing: true as const } : {}),
    });
    return memo ? memo.piece(`${kind}${held.join(',')}`, held.map(pageRecords.token), make) : make();
  };
  for (const page of pageRecords.pages.sort((a, b) => a - b)) {
    pages.push(page);
    size += pageRecords.size(page);
    if (size >= target) {
      yield close();
      pages = [];
      size = 0;
    }
  }
  if (pages.length > 0) yield close();
}
