// The split search index's storage contract: the directory the worker reads first, and the
// pieces it names (term postings, vocabulary, records). Written by scripts/compiler/outputs/search/,
// read by worker/services/search/. Every piece is named by the hash of its text: JSON, or (term
// pieces, record chunks) a JSON header line and a body.

import type { SearchRecord } from './search-protocol.ts';
import { entryText, utf8 } from './piece-bodies.ts';

/**
 * A record's id: its page's position in the build (`pages` order) and its rank within the page
 * (by position), so ids sort as the site reads and name their page without a record table. Ids
 * fit 32 bits (the worker's id arrays and ranking keys): `rankBits` bits of rank, the rest page.
 */
export const idBits = 32;
/** Rank bits of an index of up to 65,536 pages, and of every root without `rankBits`. */
export const defaultRankBits = 16;
/** Records per page of such an index. */
export const recordsPerPage = 2 ** defaultRankBits;

/** How an index's ids split into page and rank. */
export interface RecordIds {
  rankBits: number;
  /** Records a page may have, plus one: the first id of page p is `p * perPage`. */
  perPage: number;
  pageOf(id: number): number;
  rankOf(id: number): number;
}

export function recordIds(rankBits = defaultRankBits): RecordIds {
  const perPage = 2 ** rankBits;
  return { rankBits, perPage, pageOf: (id) => Math.floor(id / perPage), rankOf: (id) => id % perPage };
}

/**
 * Rank bits for an index of `pages` pages: 16 while the pages fit (so the index of a site up to
 * 65,536 pages is as it always was), else what leaves the page number room (15 bits of rank,
 * 32,767 records a page, up to 131,072 pages; 12 bits at a million).
 */
export function rankBitsFor(pages: number): number {
  let bits = defaultRankBits;
  while (bits > 0 && pages > 2 ** (idBits - bits)) bits--;
  return bits;
}

/** Bits of a posting's meta byte: which indexed fields hold the term, in `indexedFields` order. */
export const fieldBits = { lvl1: 1, lvl2: 2, lvl3: 4, lvl4: 8, content: 16 } as const;

/** Record type → rank (title before headings before text), kept in a posting's meta byte. */
export const typeRank: Record<SearchRecord['type'], number> = {
  lvl0: 0,
  lvl1: 1,
  lvl2: 2,
  lvl3: 3,
  lvl4: 4,
  lvl5: 5,
  lvl6: 6,
  content: 7,
};

/** What every version of the index's first piece holds: record defaults, vocabulary and facets. */
interface IndexHeader {
  /** Origin of every record URL (the site's url). */
  origin: string;
  language: SearchRecord['language'];
  docusaurusTag: string;
  /** Records in the index, for term weights. */
  records: number;
  /** Bits of a record id that are its rank in its page (`rankBitsFor`); absent: 16. */
  rankBits?: number;
  /** Vocabulary pieces in order: [first term, hash]. */
  vocabulary: [string, string][];
  // Older format (a root without `typos`): goes once every kept build records `formats` (contract/storage.ts).
  /**
   * The same terms again, ordered by `typoKey` (first letter, then length), for typos: a word's
   * candidates share its first letter and are within a letter or two of its length, so they lie in
   * a few small pieces, not in all of its letter's. [first key, hash]; absent in builds made before.
   */
  typos?: [string, string][];
  /** Records whose language or tag differ from their page's: [id, language, tag] (usually none). */
  facetExceptions: [number, string, string][];
  /**
   * Pages whose records carry another version's tag than `docusaurusTag`: [first page, tag], sorted;
   * a page has the tag of the last entry at or before it (absent: every page has `docusaurusTag`).
   */
  pageTags?: [number, string][];
}

/** A term piece's place in vocabulary order: [first term, hash, 1 when that term continues from the previous piece]. */
export type TermPieceEntry = [string, string, 0 | 1];

/** Record chunks in page order: [first page index, hash]. */
export type ChunkEntry = [number, string];

// Older format (directories of versions 3 to 5): goes once every kept build records `formats` (contract/storage.ts).
/**
 * The index's first piece up to version 5, which listed every term piece and record chunk, so it
 * grew with the site and a cold isolate parsed all of it. Still read, for rollbacks: 4 (a page's
 * records a plain array, each repeating its page's path and headings) and 3 (record chunks not yet
 * split by page).
 */
export interface SearchDirectory extends IndexHeader {
  version: 3 | 4 | 5;
  terms: TermPieceEntry[];
  chunks: ChunkEntry[];
  /**
   * The same pages' title and heading records alone (`encodePageHeadings`), in chunks of the same
   * form and order: [first page index, hash]. Absent in builds made before them.
   */
  headingChunks?: ChunkEntry[];
}

/**
 * Version 6's first piece, a root of a few KB whatever the site's size: term pieces are named by
 * the vocabulary pieces (`VocabularyPiece.pieces`), which a query reads anyway, and record chunks
 * by page directory pieces (`PageDirectory`), a few hundred chunks each.
 */
export interface SearchRoot extends IndexHeader {
  version: 6;
  typos: [string, string][];
  /** Page directory pieces in page order: [first page index, hash]. */
  pages: ChunkEntry[];
}

export type SearchIndexRoot = SearchDirectory | SearchRoot;

/**
 * The record chunks and heading chunks of a range of pages (from its entry in `SearchRoot.pages`
 * up to the next): each list holds every chunk that starts in the range, and the one before it.
 */
export interface PageDirectory {
  chunks: ChunkEntry[];
  headingChunks: ChunkEntry[];
}

/**
 * Where `term`'s postings are in a list of term pieces in vocabulary order (the build's whole list,
 * or a vocabulary piece's part of it): [start, end), the last piece starting at or before it and
 * the pieces that piece continues from. Empty for an empty list.
 */
export function termPieceRange(list: TermPieceEntry[], term: string): [number, number] {
  if (list.length === 0) return [0, 0];
  // Binary search: a query looks up dozens of candidate terms among a big site's many pieces.
  const last = lastStartingAtOrBefore(list, term);
  let start = last;
  while (start > 0 && list[start]![2] === 1 && list[start]![0] === term) start--;
  return [start, last + 1];
}

/**
 * Of a list ordered by its entries' first value (a piece's first term or first page), the index of
 * the last entry starting at or before `key`; 0 when none does. The list must not be empty.
 */
export function lastStartingAtOrBefore<K extends string | number>(
  list: readonly (readonly [K, ...unknown[]])[],
  key: K,
): number {
  let low = 0;
  let high = list.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (list[middle]![0] <= key) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The version tag of a page's records in an index. */
export function tagOfPage(directory: IndexHeader, page: number): string {
  const ranges = directory.pageTags ?? [];
  let low = 0;
  let high = ranges.length - 1;
  let found = directory.docusaurusTag;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (ranges[middle]![0] <= page) {
      found = ranges[middle]![1];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Terms longer than this share the last length in `typoKey` (a query word has at most 64 letters). */
const longestTypoLength = 78;

/** A length as one character that sorts as the number does ('0' + length). */
export const typoLength = (length: number): string => String.fromCharCode(48 + Math.min(length, longestTypoLength));

/** Where `term` sorts in the typo vocabulary: its first letter, its length, then the rest of it. */
export function typoKey(term: string): string {
  const first = String.fromCodePoint(term.codePointAt(0)!);
  return first + typoLength(term.length) + term.slice(first.length);
}

/**
 * Postings of consecutive terms. Stored as a JSON line `{"terms":[…],"ends":[…]}`, then each
 * term's postings (`encodePostings`, ASCII) back to back: `terms[i]`'s run from `ends[i - 1]` (0 for
 * the first) to `ends[i]`, in characters and bytes alike. A query needs a term or two of a piece's
 * hundreds: read as bytes, only theirs are decoded. Builds before wrote one JSON object
 * `{"terms":[…],"postings":[…]}`, read into the same form.
 */
export interface TermPiece {
  terms: string[];
  ends: number[];
  /** The postings, as text or as their bytes (`decodeTermPieceBytes`). */
  body: string | Uint8Array;
  /** Read as bytes: the characters of the header line, and whether all are Latin-1 (the cache's charge). */
  header?: { chars: number; latin1: boolean };
}

export function encodeTermPiece(terms: string[], postings: string[]): string {
  let end = 0;
  const ends = postings.map((list) => (end += list.length));
  return `${JSON.stringify({ terms, ends })}\n${postings.join('')}`;
}

/** A term piece from its text, of either form. */
export function decodeTermPiece(text: string): TermPiece {
  const line = text.indexOf('\n');
  // Older format (a term piece as one JSON object): goes once every kept build records `formats` (contract/storage.ts).
  if (line === -1) {
    const old = JSON.parse(text) as { terms: string[]; postings: string[] };
    if (!Array.isArray(old.terms) || !Array.isArray(old.postings)) throw new Error('not a term piece');
    return decodeTermPiece(encodeTermPiece(old.terms, old.postings));
  }
  const { terms, ends } = JSON.parse(text.slice(0, line)) as Omit<TermPiece, 'body'>;
  return { terms, ends, body: text.slice(line + 1) };
}

/**
 * A term piece from its bytes: the header is decoded, postings only when a term's are read.
 * `latin1`: whether the strings parsed from a JSON text, decoded from `utf8Bytes` bytes, are all
 * Latin-1 (the worker's `latin1Json`), for the header's charge.
 */
export function decodeTermPieceBytes(
  bytes: Uint8Array,
  latin1: (text: string, utf8Bytes: number) => boolean,
): TermPiece {
  const line = bytes.indexOf(0x0a);
  if (line === -1) return decodeTermPiece(utf8.decode(bytes));
  const header = utf8.decode(bytes.subarray(0, line));
  const { terms, ends } = JSON.parse(header) as Omit<TermPiece, 'body'>;
  return {
    terms,
    ends,
    body: bytes.subarray(line + 1),
    header: { chars: header.length, latin1: latin1(header, line) },
  };
}

/** The postings text of the piece's `i`th term. */
export const termPostingsText = (piece: TermPiece, i: number): string => entryText(piece, i);

/**
 * Terms (no postings) with the number of records holding each, for prefixes (in vocabulary order)
 * and typos (in `typoKey` order).
 */
export interface VocabularyPiece {
  terms: string[];
  counts: number[];
  /**
   * Version 6: the term pieces that hold these terms' postings, the part of the build's list
   * (`TermPieceEntry`, in vocabulary order) that `termPieceRange` needs for each of them.
   */
  pieces?: TermPieceEntry[];
}
