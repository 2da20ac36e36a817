// The two levels above the index's pieces (directory version 6): each vocabulary piece names the
// term pieces its terms are in, and page directory pieces name the record and heading chunks of a
// range of pages, so the root a cold isolate parses first stays a few KB at any site size.

import {
  termPieceRange,
  type ChunkEntry,
  type PageDirectory,
  type TermPieceEntry,
} from '../../../../client/contract/index-pieces.ts';
import { cutRule, endsAfter, mixNumber } from './cuts.ts';

/** Record chunks a page directory piece lists: a few KB, read together with the pieces a query needs. */
export const chunksPerPageDirectory = 256;

/** The entries of `list` (the build's term pieces, in order) that hold `terms`, in the list's order. */
export function termPiecesOfTerms(terms: string[], list: TermPieceEntry[]): TermPieceEntry[] {
  const wanted = new Set<number>();
  for (const term of terms) {
    const [start, end] = termPieceRange(list, term);
    for (let i = start; i < end; i++) wanted.add(i);
  }
  return [...wanted].sort((a, b) => a - b).map((i) => list[i]!);
}

/**
 * Record chunks in groups of about `perPiece` (cut after a chunk chosen by its first page, as
 * cuts.ts says, so a chunk more or less moves no other group), each with the heading chunks its
 * pages need: those that start among its pages and the one before (which holds its first pages' headings).
 */
export function* pageDirectories(
  chunks: ChunkEntry[],
  headingChunks: ChunkEntry[],
  perPiece = chunksPerPageDirectory,
): Generator<{ first: number; directory: PageDirectory }> {
  const rule = cutRule(perPiece);
  let at = 0;
  while (at < chunks.length) {
    let end = at + 1;
    while (end < chunks.length && end - at < rule.max && !endsAfter(mixNumber(chunks[end - 1]![0]), 1, end - at, rule))
      end++;
    const own = chunks.slice(at, end);
    const from = own[0]![0];
    const to = chunks[end]?.[0] ?? Infinity;
    const headings = headingChunks.filter(
      ([first], i) => (first >= from && first < to) || (first < from && (headingChunks[i + 1]?.[0] ?? Infinity) > from),
    );
    yield { first: at === 0 ? 0 : from, directory: { chunks: own, headingChunks: headings } };
    at = end;
  }
}
