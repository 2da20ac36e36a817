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
import { cutPieces, RunWalk } from './runs.ts';

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
  /**
   * Record chunks hold whole pages (a few each); a hit reads one. A large site's grow past it to stay
   * static files (`recordChunkTarget`).
   */
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

/** Record chunks grow at most this many times their usual size (`recordChunkTarget`): 32 × 24 KB. */
export const recordChunkGrowth = 32;

/**
 * The record chunks' target size for an index shipped as at most `maxPieces` static files:
 * `sizes.records`, doubled until the pieces fit (the ones already written, the heading chunks and
 * the record chunks at their targets' average, a page directory piece a `perDirectory` of them),
 * at most `recordChunkGrowth` times. A hit reads one chunk and decodes only its own page, so a
 * larger chunk costs a search a larger read, where a chunk in KV (emit.ts's way out when the files
 * do not fit) costs it a KV read, counted against the plan's reads. Doubling, not an exact fit: the
 * cuts (cuts.ts) move only when the site grows past a doubling, not with every page added.
 * When even the largest do not fit, the usual size: the chunks then go to KV.
 */
export function recordChunkTarget(
  sizes: PieceSizes,
  estimate: { written: number; recordChars: number; headingChars: number; maxPieces: number; perDirectory: number },
): number {
  const headings = Math.ceil(estimate.headingChars / (sizes.headings ?? sizes.records));
  for (let growth = 1; growth <= recordChunkGrowth; growth *= 2) {
    const target = sizes.records * growth;
    const chunks = Math.ceil(estimate.recordChars / target);
    const directories = Math.ceil(chunks / estimate.perDirectory) + 1;
    if (estimate.written + headings + chunks + directories <= estimate.maxPieces) return target;
  }
  return sizes.records;
}

type TermPiece = SearchPiece & { first: string; continued: boolean };

/** The vocabulary's order. */
export const compareTerms = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The typo list's order (`inTypoOrder`): by typo key, then by term. */
export const typoOrder = (a: string, b: string): number => compareTerms(typoKey(a), typoKey(b)) || compareTerms(a, b);

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
  /** Told the terms of every piece made (not taken from the memo as it was). */
  remade?: Set<string>,
): Generator<TermPiece> {
  const segmentRule = cutRule(sizes.longTerm, 2 * sizes.longTerm);
  const groupRule = cutRule(sizes.terms);
  const token = memo ? () => memo.token() : () => 0;
  const encode = (term: string, earlier?: EarlierSegments) =>
    encodeSegments(postingsOf(term), segmentRule, perPage, token, earlier);
  /** Segments encoded in this write, by term and place, until their piece is made. */
  const encoded = new Map<string, Map<number, string>>();
  const text = (term: string, segment: number) => encoded.get(term)?.get(segment) ?? encode(term).texts.get(segment)!;
  /** The memo key of the piece `close` made last. */
  let closedKey = '';
  /**
   * Piece `segment` of `terms`; `done`: the terms' segments are not needed again. `named`: the
   * token of a segment of a term of several, which alone tells its text (its place may move).
   */
  const close = (terms: string[], segment: number, continued: boolean, done = true, named?: number) => {
    const make = (texts = (term: string, _at: number) => text(term, segment)) => {
      const postings = terms.map(texts);
      for (const term of terms) remade?.add(term);
      return { ...piece(encodeTermPiece(terms, postings)), continued, first: terms[0]! };
    };
    let written: ReturnType<typeof make>;
    if (!memo) written = make();
    else if (named !== undefined) {
      closedKey = `s${named}\0${terms[0]}`;
      written = memo.piece(closedKey, [perPage], () => make());
    } else {
      const key = (closedKey = `t\0${terms.join('\0')}`);
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
  // Runs (runs.ts): a run of the last write whose terms, and the term after it, no page touched
  // since is taken whole, its terms not even looked at.
  const runs = memo && new RunWalk(memo, 'terms', vocabulary, compareTerms, memo.touchedSince(), perPage);
  let current = { terms: [] as string[], size: 0 };
  /** The group closed, a cut before term `end`. */
  const closeGroup = (end: number) => {
    const written = close(current.terms, 0, false);
    current = { terms: [], size: 0 };
    return runs ? runs.closed(written, closedKey, end) : written;
  };
  for (let at = 0; at < vocabulary.length; at++) {
    if (runs && current.terms.length === 0) {
      const kept = runs.kept(at);
      if (kept) {
        yield* kept.written as TermPiece[];
        at += kept.count - 1;
        continue;
      }
    }
    const term = vocabulary[at]!;
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
      if (current.size + size > groupRule.max && current.terms.length > 0) yield closeGroup(at);
      runs?.open(at);
      current.terms.push(term);
      current.size += size;
      if (endsAfter(mixString(term), size, current.size, groupRule)) yield closeGroup(at + 1);
      continue;
    }
    if (current.terms.length > 0) yield closeGroup(at);
    runs?.open(at);
    const last = lengths.length - 1;
    for (let i = 0; i <= last; i++) {
      const written = close([term], i, i > 0, i === last, last > 0 ? tokens?.[i] : undefined);
      if (!runs) yield written;
      else yield i === last ? runs.closed(written, closedKey, at + 1) : runs.add(written, closedKey);
    }
  }
  if (current.terms.length > 0) yield closeGroup(vocabulary.length);
}

/** Terms by first letter, then length (`typoKey`): what one word's typos must look at is together. */
export function inTypoOrder(vocabulary: string[]): string[] {
  return vocabulary
    .map((term) => [typoKey(term), term] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([, term]) => term);
}

/**
 * Terms in their order (sorted, or `typos`: the typo list's order, `inTypoOrder`), grouped into
 * pieces of about `target` characters, each naming its terms' term pieces. With a memo, a run of
 * the last write none of whose terms is among `changed` (touched since, or in a term piece made
 * again) is taken whole (runs.ts).
 */
export function* vocabularyPieces(
  vocabulary: string[],
  terms: Map<string, TermPostings>,
  termList: TermPieceEntry[],
  target: number,
  memo?: PieceMemo,
  { typos = false, changed = [] }: { typos?: boolean; changed?: Iterable<string> } = {},
): Generator<SearchPiece & { first: string }> {
  // Tells the vocabulary's pieces from the typo list's in the memo.
  const kind = typos ? 't' : 'v';
  const runs = memo && new RunWalk(memo, kind, vocabulary, typos ? typoOrder : compareTerms, changed, 0);
  const close = (held: string[]) => {
    const counts = held.map((term) => terms.get(term)!.count);
    const pieces = termPiecesOfTerms(held, termList);
    const make = () => ({ ...piece(JSON.stringify({ terms: held, counts, pieces })), first: held[0]! });
    // Keyed by its first term, made of its terms (the vocabulary's own strings: compared by
    // reference first), counts and term pieces: no key joins every term of the vocabulary each write.
    const key = `${kind}${held[0]}`;
    return { written: memo ? memo.piece(key, [...held, ...counts, ...pieces.flat()], make) : make(), key };
  };
  const sizeOf = (term: string) => term.length + 10;
  yield* cutPieces(vocabulary, cutRule(target), sizeOf, mixString, close, runs);
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

/**
 * Whole pages in build order, a chunk closing after a page chosen as cuts.ts says (about `target`
 * bytes): the pages' records, read for one query's hits (`passing`), or (`headings`) their titles
 * and headings. With a memo, a run of the last write none of whose pages is among `changed` (added
 * or taken out since) is taken whole (runs.ts).
 */
export function* recordChunks(
  pageRecords: PageTexts,
  target: number,
  memo?: PieceMemo,
  { headings = false, changed = [] }: { headings?: boolean; changed?: Iterable<number> } = {},
): Generator<SearchPiece & { first: number }> {
  // Tells record chunks from heading chunks in the memo.
  const kind = headings ? 'h' : 'r';
  const passing = !headings;
  const pages = pageRecords.pages.sort((a, b) => a - b);
  const runs = memo && new RunWalk(memo, kind, pages, (a, b) => a - b, changed, 0);
  const close = (chunk: number[]) => {
    const make = () => ({
      ...piece(encodeRecordChunk(chunk, chunk.map(pageRecords.text))),
      first: chunk[0]!,
      ...(passing ? { passing: true as const } : {}),
    });
    if (!memo) return { written: make(), key: '' };
    const key = `${kind}${chunk.join(',')}`;
    return { written: memo.piece(key, chunk.map(pageRecords.token), make), key };
  };
  yield* cutPieces(pages, cutRule(target), pageRecords.size, mixNumber, close, runs);
}
