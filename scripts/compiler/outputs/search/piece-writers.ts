// The pieces of the split search index, each kind grouped to its target size: term pieces
// (postings), vocabulary pieces and record chunks. index-writer.ts gathers what they hold.

import { encodeRecordChunk } from '../../../../client/contract/record-chunks.ts';
import {
  decodeTermPiece,
  encodeTermPiece,
  termPostingsText,
  typoKey,
  type TermPieceEntry,
} from '../../../../client/contract/index-pieces.ts';
import { cutRule, endsAfter, mixNumber, mixString } from './cuts.ts';
import { termPiecesOfTerms } from './directory.ts';
import type { PieceMemo } from './piece-memo.ts';
import { piece, type SearchPiece } from './search-piece.ts';
import type { PostingsSource, TermPostings } from './term-postings.ts';
import { encodeSegments, type EarlierSegments } from './term-segments.ts';

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
 * Terms in order, grouped into pieces of about `sizes.terms` (cut where cuts.ts says, so an edit
 * remakes the pieces of the terms it changed alone); a term too long for that has pieces of its
 * own, of `sizes.longTerm` on average and at most twice that (a word in most records spans
 * several), cut between pages.
 * With a memo, a term's segments are encoded when its postings changed or its piece must be made again.
 */
export function* termPieces(
  vocabulary: string[],
  postingsOf: (term: string) => PostingsSource,
  sizes: PieceSizes,
  perPage: number,
  memo?: PieceMemo,
): Generator<SearchPiece & { first: string; continued: boolean }> {
  const segmentRule = cutRule(sizes.longTerm, 2 * sizes.longTerm);
  const groupRule = cutRule(sizes.terms);
  const token = memo ? () => memo.token() : () => 0;
  const encode = (term: string, earlier?: EarlierSegments) =>
    encodeSegments(postingsOf(term), segmentRule, perPage, token, earlier);
  /** Segments encoded in this write, by term and place, until their piece is made. */
  const encoded = new Map<string, Map<number, string>>();
  const text = (term: string, segment: number) => encoded.get(term)?.get(segment) ?? encode(term).texts.get(segment)!;
  /**
   * Piece `segment` of `terms`; `done`: the terms' segments are not needed again. `named`: the
   * token of a segment of a term of several, which alone tells its text (its place may move).
   */
  const close = (terms: string[], segment: number, continued: boolean, done = true, named?: number) => {
    const make = (texts = (term: string, _at: number) => text(term, segment)) => {
      const postings = terms.map(texts);
      return { ...piece(encodeTermPiece(terms, postings)), continued, first: terms[0]! };
    };
    let written: ReturnType<typeof make>;
    if (!memo) written = make();
    else if (named !== undefined) written = memo.piece(`s${named}\0${terms[0]}`, [perPage], () => make());
    else {
      const key = `t\0${terms.join('\0')}`;
      const parts = [perPage, ...terms.map((term) => memo.generation(term))];
      // The same terms as last time, some changed: the others' postings are taken from the piece
      // then made, not read again (on a large site, from the spill files on disk).
      const remake = () => {
        const earlier = memo.earlier(key);
        if (!earlier || earlier.parts[0] !== perPage) return make();
        const before = decodeTermPiece(earlier.text);
        return make((term, at) =>
          earlier.parts[at + 1] === parts[at + 1] ? termPostingsText(before, at) : text(term, segment),
        );
      };
      written = memo.piece(key, parts, remake);
    }
    if (done) for (const term of terms) encoded.delete(term);
    return written;
  };
  let current = { terms: [] as string[], size: 0 };
  for (const term of vocabulary) {
    let lengths: number[];
    let tokens: number[] | undefined;
    if (memo) {
      const known = memo.segmentsOf(term, perPage, (earlier) => encode(term, earlier));
      ({ lengths, tokens } = known);
      if (known.texts) encoded.set(term, known.texts);
    } else {
      const { layout, texts } = encode(term);
      lengths = layout.lengths;
      encoded.set(term, texts);
    }
    const size = lengths[0]! + term.length + 6;
    if (lengths.length === 1 && size < sizes.terms) {
      if (current.size + size > groupRule.max && current.terms.length > 0) {
        yield close(current.terms, 0, false);
        current = { terms: [], size: 0 };
      }
      current.terms.push(term);
      current.size += size;
      if (endsAfter(mixString(term), size, current.size, groupRule)) {
        yield close(current.terms, 0, false);
        current = { terms: [], size: 0 };
      }
      continue;
    }
    if (current.terms.length > 0) {
      yield close(current.terms, 0, false);
      current = { terms: [], size: 0 };
    }
    const last = lengths.length - 1;
    for (let i = 0; i <= last; i++) yield close([term], i, i > 0, i === last, last > 0 ? tokens?.[i] : undefined);
  }
  if (current.terms.length > 0) yield close(current.terms, 0, false);
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
  const rule = cutRule(target);
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
    if (size >= rule.max || endsAfter(mixString(term), term.length + 10, size, rule)) {
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

/** Whole pages in build order, a chunk closing after a page chosen as cuts.ts says (about `target` bytes). */
export function* recordChunks(
  pageRecords: PageTexts,
  target: number,
  memo?: PieceMemo,
  /** Tells record chunks from heading chunks in the memo. */
  kind = 'r',
  passing = false,
): Generator<SearchPiece & { first: number }> {
  const rule = cutRule(target);
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
    const own = pageRecords.size(page);
    size += own;
    if (size >= rule.max || endsAfter(mixNumber(page), own, size, rule)) {
      yield close();
      pages = [];
      size = 0;
    }
  }
  if (pages.length > 0) yield close();
}
