// Writes the split search index: a small root, term pieces (postings), vocabulary pieces (terms
// and counts, for typos and prefixes, naming their terms' term pieces), record chunks and the page
// directory pieces that name them, each bounded in size so the worker reads only the few a query
// needs. See client/contract/index-pieces.ts for the formats.

import { createHash } from 'node:crypto';
import { docusaurusTag, type SearchRecord } from '../../../../client/contract/search-protocol.ts';
import { encodeRecordChunk } from '../../../../client/contract/record-chunks.ts';
import {
  encodeTermPiece,
  fieldBits,
  rankBitsFor,
  recordIds,
  typeRank,
  typoKey,
  defaultRankBits,
  type ChunkEntry,
  type RecordIds,
  type SearchRoot,
  type TermPieceEntry,
} from '../../../../client/contract/index-pieces.ts';
import { encodeVarint } from '../../../../client/contract/postings.ts';
import { compactRecord, encodePageHeadings, encodePageRecords } from '../../../../client/contract/search-records.ts';
import { extractField, indexedFields, indexTerms } from '../../../../client/contract/search-text.ts';
import { storedFormats } from '../../../../client/contract/storage.ts';
import { BuildError } from '../../errors.ts';
import { pageDirectories, termPiecesOfTerms } from './directory.ts';
import { TermPostings } from './term-postings.ts';

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

export interface SearchPiece {
  hash: string;
  text: string;
}

export interface SearchIndexWriter {
  /** Once per page; `pageIndex` is the page's position in the build, pages in any order. */
  addPage(pageIndex: number, records: SearchRecord[]): void;
  /** Every piece, one at a time so the caller can write each out; the root comes last. */
  pieces(): Generator<SearchPiece>;
  /** All pieces at once, for small sites and tests. */
  finish(): { directory: string; pieces: Map<string, string> };
}

export function pieceHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

const piece = (text: string): SearchPiece => ({ hash: pieceHash(text), text });

export function createSearchIndexWriter({
  siteUrl,
  sizes = pieceSizes,
}: {
  siteUrl: string;
  /** Smaller pieces in tests, to split a small site as a big one is. */
  sizes?: PieceSizes;
}): SearchIndexWriter {
  const defaults = { origin: new URL(siteUrl).origin, language: 'en' as const, docusaurusTag };
  const terms = new Map<string, TermPostings>();
  /** Page index → its compact records as JSON, written into chunks at the end. */
  const pageRecords = new Map<number, string>();
  /** The same, titles and headings alone. */
  const pageHeadings = new Map<number, string>();
  /** Records whose language or tag differ from their page's: [page, rank, language, tag]. */
  const facetExceptions: [number, number, string, string][] = [];
  /** The page with the most records, for the id width (`rankBitsFor`). */
  let fullest = { records: 0, url: '' };
  let lastPage = -1;
  /** Page index → its records' version tag, when it is not the index's usual one. */
  const pageTags = new Map<number, string>();
  let recordCount = 0;

  const addPage = (pageIndex: number, records: SearchRecord[]) => {
    if (pageRecords.has(pageIndex)) throw new Error(`search index: page ${pageIndex} was added twice`);
    if (records.length === 0) return;
    if (records.length > fullest.records) fullest = { records: records.length, url: records[0]!.url_without_anchor };
    lastPage = Math.max(lastPage, pageIndex);
    // A record's rank in its page is its id: ranks follow position, so ids sort as the page reads.
    const ordered = records
      .map((record, order) => ({ record, order }))
      .sort((a, b) => a.record.weight.position - b.record.weight.position || a.order - b.order)
      .map((entry) => entry.record);
    const pageTerms = new Map<string, { ranks: number[]; metas: number[] }>();
    // Every record repeats its page title and headings: tokenize each text once.
    const tokens = new Map<string, string[]>();
    const wordsOf = (text: string) => {
      let words = tokens.get(text);
      if (!words) tokens.set(text, (words = [...new Set(indexTerms(text))]));
      return words;
    };
    // A page's records share its version: the page carries the tag, not each record.
    const pageTag = ordered[0]!.docusaurus_tag;
    if (pageTag !== defaults.docusaurusTag) pageTags.set(pageIndex, pageTag);
    ordered.forEach((record, rank) => {
      const type = typeRank[record.type] * 32;
      for (const field of indexedFields) {
        const bit = fieldBits[field];
        for (const term of wordsOf(extractField(record, field))) {
          let entry = pageTerms.get(term);
          if (!entry) pageTerms.set(term, (entry = { ranks: [], metas: [] }));
          // A term in several fields of one record is one posting, its meta naming every field.
          const last = entry.ranks.length - 1;
          if (entry.ranks[last] === rank) entry.metas[last]! |= bit;
          else {
            entry.ranks.push(rank);
            entry.metas.push(type + bit);
          }
        }
      }
      if (record.language !== defaults.language || record.docusaurus_tag !== pageTag)
        facetExceptions.push([pageIndex, rank, record.language, record.docusaurus_tag]);
    });
    for (const [term, entry] of pageTerms) {
      let postings = terms.get(term);
      if (!postings) terms.set(term, (postings = new TermPostings()));
      postings.addPage(pageIndex, entry.ranks, entry.metas);
    }
    const compact = ordered.map((record) => compactRecord(record, defaults));
    pageRecords.set(pageIndex, encodePageRecords(compact));
    pageHeadings.set(pageIndex, encodePageHeadings(compact));
    recordCount += ordered.length;
  };

  function* pieces(): Generator<SearchPiece> {
    const ids = idsFor(lastPage + 1, fullest);
    const vocabulary = [...terms.keys()].sort();
    const root: SearchRoot = {
      version: storedFormats.searchIndex,
      ...defaults,
      records: recordCount,
      ...(ids.rankBits === defaultRankBits ? {} : { rankBits: ids.rankBits }),
      vocabulary: [],
      typos: [],
      pages: [],
      facetExceptions: facetExceptions
        .map(([page, rank, language, tag]): [number, string, string] => [page * ids.perPage + rank, language, tag])
        .sort((a, b) => a[0] - b[0]),
      ...(pageTags.size > 0 ? { pageTags: tagRanges(pageTags, defaults.docusaurusTag) } : {}),
    };
    const termList: TermPieceEntry[] = [];
    for (const written of termPieces(vocabulary, terms, sizes, ids.perPage)) {
      termList.push([written.first, written.hash, written.continued ? 1 : 0]);
      yield written;
    }
    for (const written of vocabularyPieces(vocabulary, terms, termList, sizes.vocabulary)) {
      root.vocabulary.push([written.first, written.hash]);
      yield written;
    }
    for (const written of vocabularyPieces(inTypoOrder(vocabulary), terms, termList, sizes.vocabulary)) {
      root.typos.push([typoKey(written.first), written.hash]);
      yield written;
    }
    const chunks: ChunkEntry[] = [];
    for (const written of recordChunks(pageRecords, sizes.records)) {
      chunks.push([written.first, written.hash]);
      yield written;
    }
    const headingChunks: ChunkEntry[] = [];
    for (const written of recordChunks(pageHeadings, sizes.headings ?? sizes.records)) {
      headingChunks.push([written.first, written.hash]);
      yield written;
    }
    for (const { first, directory } of pageDirectories(chunks, headingChunks, sizes.pageDirectory)) {
      const written = piece(JSON.stringify(directory));
      root.pages.push([first, written.hash]);
      yield written;
    }
    yield piece(JSON.stringify(root));
  }

  const finish = () => {
    const all = new Map<string, string>();
    let directory = '';
    for (const written of pieces()) {
      all.set(written.hash, written.text);
      directory = written.hash;
    }
    return { directory, pieces: all };
  };

  return { addPage, pieces, finish };
}

/**
 * How ids split for `pages` pages: a clear build error, not a wrong id, when the fullest page has
 * more records than the ids leave room for.
 */
function idsFor(pages: number, fullest: { records: number; url: string }): RecordIds {
  const ids = recordIds(rankBitsFor(pages));
  if (fullest.records < ids.perPage) return ids;
  throw new BuildError(
    fullest.url,
    undefined,
    `the search index of ${pages} pages allows at most ${ids.perPage - 1} search records a page (its ids are 32 bits); this page has ${fullest.records}`,
    'split the page into several, or leave some of its sections out of search',
  );
}

/** Pages' tags as ranges: a version's pages are consecutive, so a site has about one range a version. */
function tagRanges(pageTags: Map<number, string>, usual: string): [number, string][] {
  const ranges: [number, string][] = [];
  let previous = { page: -2, tag: usual };
  for (const page of [...pageTags.keys()].sort((a, b) => a - b)) {
    const tag = pageTags.get(page)!;
    // A gap of usual pages before this one closes the previous range.
    if (page !== previous.page + 1 && previous.tag !== usual) ranges.push([previous.page + 1, usual]);
    if (page !== previous.page + 1 || tag !== previous.tag) ranges.push([page, tag]);
    previous = { page, tag };
  }
  if (previous.tag !== usual) ranges.push([previous.page + 1, usual]);
  return ranges;
}

/**
 * Terms in order, grouped into pieces of about `sizes.terms`; a term too long for that has
 * pieces of its own, of up to `sizes.longTerm` each (a word in most records spans several).
 */
function* termPieces(
  vocabulary: string[],
  terms: Map<string, TermPostings>,
  sizes: PieceSizes,
  perPage: number,
): Generator<SearchPiece & { first: string; continued: boolean }> {
  let current = { terms: [] as string[], postings: [] as string[], size: 0 };
  const close = (continued: boolean) => {
    const written = { ...piece(encodeTermPiece(current.terms, current.postings)), continued };
    const first = current.terms[0]!;
    current = { terms: [], postings: [], size: 0 };
    return { ...written, first };
  };
  for (const term of vocabulary) {
    const segments = encodedSegments(terms.get(term)!, sizes.longTerm, perPage);
    const size = segments[0]!.length + term.length + 6;
    if (segments.length === 1 && size < sizes.terms) {
      if (current.size + size > sizes.terms && current.terms.length > 0) yield close(false);
      current.terms.push(term);
      current.postings.push(segments[0]!);
      current.size += size;
      continue;
    }
    if (current.terms.length > 0) yield close(false);
    for (const [i, segment] of segments.entries()) {
      current.terms.push(term);
      current.postings.push(segment);
      yield close(i > 0);
    }
  }
  if (current.terms.length > 0) yield close(false);
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
function inTypoOrder(vocabulary: string[]): string[] {
  return vocabulary
    .map((term) => [typoKey(term), term] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([, term]) => term);
}

/** Terms in the order given, grouped into pieces of about `target` characters, each naming its terms' term pieces. */
function* vocabularyPieces(
  vocabulary: string[],
  terms: Map<string, TermPostings>,
  termList: TermPieceEntry[],
  target: number,
): Generator<SearchPiece & { first: string }> {
  let current: string[] = [];
  let size = 0;
  const close = () => ({
    ...piece(
      JSON.stringify({
        terms: current,
        counts: current.map((term) => terms.get(term)!.count),
        pieces: termPiecesOfTerms(current, termList),
      }),
    ),
    first: current[0]!,
  });
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

/** Whole pages in build order, a chunk closing once it passes the target size. */
function* recordChunks(pageRecords: Map<number, string>, target: number): Generator<SearchPiece & { first: number }> {
  let pages: number[] = [];
  let records: string[] = [];
  let size = 0;
  const close = () => ({ ...piece(encodeRecordChunk(pages, records)), first: pages[0]! });
  for (const page of [...pageRecords.keys()].sort((a, b) => a - b)) {
    pages.push(page);
    records.push(pageRecords.get(page)!);
    size += pageRecords.get(page)!.length;
    if (size >= target) {
      yield close();
      pages = [];
      records = [];
      size = 0;
    }
  }
  if (pages.length > 0) yield close();
}
