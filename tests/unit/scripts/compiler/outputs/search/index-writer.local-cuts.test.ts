// An edit that adds a paragraph to one page shifts the ranks of the page's later records, so
// every term of the page gets new postings. The index written after it must differ from the one
// before only around that page: the piece holding each changed term (one or two of a common
// word's many), the chunks holding the page, the directory naming them. Pieces cut at counted
// sizes moved every later cut, and `npm start` wrote all of a common word's later pieces again
// (tens of MB at 100,000 pages).

import { describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../../../../../client/contract/search-protocol.ts';
import {
  termPieceRange,
  type PageDirectory,
  type SearchRoot,
  type TermPieceEntry,
  type VocabularyPiece,
} from '../../../../../../client/contract/index-pieces.ts';
import { createSearchIndexWriter } from '../../../../../../scripts/compiler/outputs/search/index-writer.ts';
import {
  random,
  smallPieceSizes,
  syntheticPage,
  syntheticSiteUrl as siteUrl,
  zipfVocabulary,
} from '../../../../support/synthetic-pages.ts';

/** Small pieces, a common word's postings in many. */
const sizes = { ...smallPieceSizes, longTerm: 512 };

function written(pages: SearchRecord[][]) {
  const writer = createSearchIndexWriter({ siteUrl, sizes });
  pages.forEach((records, index) => writer.addPage(index, records));
  const { directory, pieces } = writer.finish();
  const parse = <T>(hash: string) => JSON.parse(pieces.get(hash)!) as T;
  const root = parse<SearchRoot>(directory);
  const terms = new Map<string, TermPieceEntry>();
  for (const [, hash] of root.vocabulary)
    for (const entry of parse<VocabularyPiece>(hash).pieces!) terms.set(entry[1], entry);
  const termList = [...terms.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[2] - b[2]));
  const directories = root.pages.map(([, hash]) => parse<PageDirectory>(hash));
  return {
    pieces,
    /** The hashes of the pieces holding `term`'s postings. */
    piecesOf(term: string) {
      const [start, end] = termPieceRange(termList, term);
      return termList.slice(start, end).map(([, hash]) => hash);
    },
    termPieces: new Set(termList.map(([, hash]) => hash)),
    chunks: new Set(directories.flatMap((one) => [...one.chunks, ...one.headingChunks].map(([, hash]) => hash))),
    directories: new Set(root.pages.map(([, hash]) => hash)),
  };
}

describe('the index after a paragraph is added to one page', () => {
  it('differs only in the pieces that hold that page', () => {
    const rand = random(23);
    const vocabulary = zipfVocabulary(3000, rand);
    const pages = Array.from({ length: 400 }, (_, index) => syntheticPage(index, vocabulary, rand, 12));
    const before = written(pages);

    // A paragraph right after the title: every later record of the page moves down a rank.
    const edited = 150;
    const [title, ...rest] = pages[edited]!;
    const content = `${vocabulary.words.slice(0, 3).join(' ')} in a new paragraph`;
    const paragraph = { ...rest[0]!, objectID: 'added', type: 'content' as const, content };
    pages[edited] = [title!, paragraph, ...rest].map((record, position) => ({
      ...record,
      weight: { ...record.weight, position },
    }));
    const after = written(pages);
    const added = (set: Set<string>) => [...set].filter((hash) => !before.pieces.has(hash)).length;

    // The commonest words span many pieces each; one or two of them hold the page.
    for (const word of vocabulary.words.slice(0, 3)) {
      const pieces = after.piecesOf(word);
      expect(pieces.length, word).toBeGreaterThanOrEqual(8);
      expect(pieces.filter((hash) => !before.pieces.has(hash)).length, word).toBeLessThanOrEqual(2);
    }
    // Each changed term remakes the piece it shares with its neighbours (a few terms share one).
    const pageTerms = new Set(
      pages[edited]!.flatMap((record) =>
        [record.content, ...Object.values(record.hierarchy)].join(' ').toLowerCase().split(/\W+/),
      ),
    );
    expect(added(after.termPieces)).toBeLessThanOrEqual(pageTerms.size + 10);
    // The page's record chunk and heading chunk, and perhaps a neighbour of each.
    expect(added(after.chunks)).toBeGreaterThan(0);
    expect(added(after.chunks)).toBeLessThanOrEqual(4);
    expect(added(after.directories)).toBeLessThanOrEqual(2);
  });
});
