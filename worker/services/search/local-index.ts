// The embedded index, split into pieces (client/contract/index-pieces.ts): a query reads the directory,
// the vocabulary pieces its typos and prefix need, the term pieces of its candidate terms, and
// the record chunks of the hits it shows. Matches are ranked (matches.ts): every word before a
// best-effort answer, exact before typos, then title > headings > text, then phrase proximity
// (among the hits shown), then score, then position.

import type { SearchRecord } from '../../../client/contract/search-protocol.ts';
import type { SearchRef } from '../../../client/contract/storage.ts';
import { chunkPageReader, type RecordChunk } from '../../../client/contract/record-chunks.ts';
import {
  recordIds,
  termPieceRange,
  termPostingsText,
  type SearchDirectory,
  type SearchIndexRoot,
} from '../../../client/contract/index-pieces.ts';
import type { Postings } from '../../../client/contract/postings.ts';
import { expandRecord } from '../../../client/contract/search-records.ts';
import { queryWordsOf, tokenize } from '../../../client/contract/search-text.ts';
import type { PageRecordReader } from '../../../client/contract/search-records.ts';
import { StoreUnavailable } from '../kv-reads.ts';
import { allowedTypos } from './highlight.ts';
import { noMatches, restrict, union } from './matches.ts';
import { termsMatches } from './merged-matches.ts';
import { weighByPage } from './page-weight.ts';
import { byProximity } from './proximity.ts';
import { Ranking, type Ranked } from './ranking.ts';
import { byWord, lookups, queryMatches, type TermList, type WordMatches } from './query-matches.ts';
import { rankWord } from './word-ranking.ts';
import { pieceKinds as kinds } from './piece-kinds.ts';
import { decodePostingsFast } from './postings-decoder.ts';
import { derived, loadPiece, type PieceEnv, type PieceKind } from './pieces.ts';
import { facetFilter } from './facet-filter.ts';
import { listedChunks, pageDirectoryChunks, type LoadPiece } from './record-directory.ts';
import { candidates, vocabularyOf, type Candidate } from './term-candidates.ts';

export interface LocalIndex {
  /** The matching records, ranked. */
  search(query: string, facetFilters?: string[][]): Promise<Ranked>;
  /**
   * The records of `ids`, in that order. `isHeading`: which are titles or headings (the ranking
   * knows), read from the heading chunks when the build has them.
   */
  records(ids: ArrayLike<number>, isHeading?: (id: number) => boolean): Promise<SearchRecord[]>;
  /**
   * The records of `ids`, ranks of `ranking` (the search for `query`), in rank order with phrase
   * proximity (proximity.ts): what the modal, `/search` and the Algolia-protocol endpoint show.
   */
  shown(query: string, ranking: Ranked, ids: number[]): Promise<SearchRecord[]>;
  /** Up to `limit` page titles close to a query that found nothing, for 'Try searching for'. */
  suggest(query: string, limit: number): Promise<string[]>;
  /** The page of a record id (ids split as the index's root says). */
  pageOf(id: number): number;
}

/** A build's index; a failed read is a `StoreUnavailable` and is tried again on the next search. */
export async function localIndex(env: PieceEnv, ref: SearchRef | undefined): Promise<LocalIndex> {
  if (!ref) throw new StoreUnavailable('the build has no search index');
  const directory = await loadPiece(env, ref, ref.directory, kinds.directory);
  return createLocalIndex(directory, (hash, kind) => loadPiece(env, ref, hash, kind));
}

export function createLocalIndex(directory: SearchIndexRoot, load: LoadPiece): LocalIndex {
  const idf = (count: number) => Math.log(1 + directory.records / Math.max(1, count));
  /**
   * How much of a query a word is, for best-effort answers (BM25's idf): a word in half the records
   * or more counts next to nothing, so a record holding a question's small words does not pass for
   * one holding its subject.
   */
  const rarity = (count: number) => {
    // A word's count adds its forms' and typos' postings: it may pass the records.
    const n = Math.min(Math.max(1, count), directory.records);
    return Math.max(0.05, Math.log((directory.records - n + 0.5) / (n + 0.5)));
  };
  const { pageOf, rankOf, perPage, rankBits } = recordIds(directory.rankBits);
  const chunksOf = directory.version === 6 ? pageDirectoryChunks(directory.pages, load) : listedChunks(directory);

  /**
   * Postings of `term` across the pieces that hold it (a long list spans several): `hashes` as its
   * vocabulary piece named them, else from the directory's term list.
   */
  const postingsOf = async (term: string, named?: string[]): Promise<Postings> => {
    const hashes = named ?? (directory.version === 6 ? [] : termPiecesFor(directory, term));
    if (hashes.length === 0) return { ids: new Uint32Array(0), metas: new Uint8Array(0) };
    const pieces = await Promise.all(hashes.map((hash) => load(hash, kinds.terms)));
    return derived(`postings:${hashes.join()}:${term}`, (): Postings => {
      const segments = pieces.flatMap((piece) => {
        const at = findSorted(piece.terms, term);
        if (at === -1) return [];
        try {
          return [decodePostingsFast(termPostingsText(piece, at))];
        } catch (error) {
          throw new StoreUnavailable(`search postings of “${term}” are damaged`, error);
        }
      });
      return segments.length === 1 ? segments[0]! : concatenate(segments);
    });
  };

  /**
   * Each word's candidate terms; a typo'd or last word reads its vocabulary first. (Reading the
   * word's own term piece beside it was measured slower on a cold isolate: a typo'd or partly
   * typed word is rarely a term, and that piece is then parsed for nothing.) A word's candidates
   * are kept: readers ask for the same words again and again.
   */
  const wordCandidates = (words: { word: string; last: boolean }[], typosOf: (word: string) => number) =>
    Promise.all(
      words.map(async ({ word, last }) => {
        const typos = typosOf(word);
        const pieces = vocabularyOf(directory, word, last, typos);
        if (!pieces) return new Map([[word, { quality: 1, exact: true }]]);
        const read = (hashes: string[]) => Promise.all(hashes.map((hash) => load(hash, kinds.vocabulary)));
        const [sorted, near] = await Promise.all([read(pieces.sorted), read(pieces.typos)]);
        const hashes = [...pieces.sorted, ...pieces.typos].join();
        const found = derived(`candidates:${hashes}:${word}:${last ? 1 : 0}:${typos}`, () => [
          ...candidates(word, last, typos, { ...pieces, sorted, typos: near }),
        ]);
        return new Map(found);
      }),
    );

  /** Each candidate term's postings, with how it counts. */
  const termLists = (found: Map<string, Candidate>) =>
    Promise.all(
      [...found].map(async ([term, candidate]) => ({ postings: await postingsOf(term, candidate.pieces), candidate })),
    );

  /** A word's term lists, each weighed by how its term counts and how rare it is. */
  const termPostings = (lists: TermList[]) =>
    lists.map(({ postings, candidate }) => ({
      postings,
      weight: candidate.quality * idf(postings.ids.length),
      exact: candidate.exact,
    }));

  /** A word's matches (any of its terms), only among `within` when an earlier word narrowed them. */
  const wordMatches: WordMatches = (lists, within) =>
    termsMatches(
      termPostings(lists).map((term) => (within ? { ...term, postings: restrict(term.postings, within.ids) } : term)),
    );

  const search = async (query: string, facetFilters: string[][] = []): Promise<Ranked> => {
    const words = queryWordsOf(query);
    if (words.length === 0) return new Ranking(noMatches);
    readPageDirectoriesEarly();
    const lists = await Promise.all((await wordCandidates(lookups(words), allowedTypos)).map(termLists));
    const keep = facetFilter(directory, facetFilters);
    const matched = byWord(words, lists);
    const everyMatch = () =>
      new Ranking(
        weighByPage(queryMatches(matched, wordMatches, { keep, rarity, perPage }), perPage),
        true,
        matched.length > 1,
      );
    // One word alone: its page of hits without ranking every record it matches.
    const [only] = matched;
    if (matched.length === 1 && only!.parts.length === 0 && !keep)
      return rankWord(termPostings(only!.whole), rankBits, everyMatch);
    return everyMatch();
  };

  /** Pages' records from their record chunks (`headings`: from their heading chunks). */
  const readPages = async (pages: number[], headings: boolean, kind: PieceKind<RecordChunk>) => {
    const chunkOf = await chunksOf(pages, headings);
    const wanted = [...new Set(pages.map((page) => chunkOf(page)))];
    const chunks = new Map(await Promise.all(wanted.map(async (hash) => [hash, await load(hash, kind)] as const)));
    // Only the pages asked for are parsed, each once.
    return new Map(
      pages.map((page) => {
        const chunk = chunks.get(chunkOf(page))!;
        const at = chunk.pages.indexOf(page);
        return [page, at === -1 ? noRecords : chunkPageReader(chunk, at)] as const;
      }),
    );
  };

  /**
   * A site of up to `earlyPageDirectories` page directory pieces has them all read while the
   * vocabulary is (each comes from the cache after the first search): the hits' chunks are then
   * found without a round of reads of their own. A read that fails here fails again where the
   * search needs it, which reports it.
   */
  const readPageDirectoriesEarly = () => {
    if (directory.version !== 6 || directory.pages.length > earlyPageDirectories) return;
    for (const [, hash] of directory.pages) load(hash, kinds.pages).catch(() => undefined);
  };

  const hasHeadingChunks = directory.version === 6 || directory.headingChunks !== undefined;

  const records = async (ids: ArrayLike<number>, isHeading?: (id: number) => boolean): Promise<SearchRecord[]> => {
    const all = Array.from(ids);
    const headingChunks = isHeading && hasHeadingChunks;
    // Titles and headings come from the small heading chunks, text from whole pages: both at once.
    const fromHeadings = headingChunks ? all.filter(isHeading) : [];
    const fromPages = headingChunks ? all.filter((id) => !isHeading(id)) : all;
    const pagesOf = (list: number[]) => [...new Set(list.map(pageOf))];
    const [headings, pages] = await Promise.all([
      headingChunks ? readPages(pagesOf(fromHeadings), true, kinds.headings) : new Map(),
      readPages(pagesOf(fromPages), false, kinds.records),
    ]);
    return all.map((id) => {
      const compact = headings.get(pageOf(id))?.(rankOf(id)) ?? pages.get(pageOf(id))?.(rankOf(id));
      if (!compact) throw new Error(`search index: record ${id} is not in its chunk`);
      return expandRecord(compact, directory);
    });
  };

  const suggest = async (query: string, limit: number): Promise<string[]> => {
    const words = tokenize(query);
    if (words.length === 0) return [];
    // Looser than search: any word, with up to 40% of its letters wrong (at most two).
    const found = await wordCandidates(
      words.map((word, index) => ({ word, last: index === words.length - 1 })),
      (word) => Math.min(2, Math.round(word.length * 0.4)),
    );
    const perWord = (await Promise.all(found.map(termLists))).map((lists) => wordMatches(lists));
    const ranking = new Ranking(
      perWord.reduce((all, next) => union(all, next, true)),
      false,
    );
    const pages = ranking.pages(pageOf).slice(0, limit);
    // Every record of a page carries its title: the first record of each page will do.
    const firsts = pages.map((page) => page * perPage);
    const titles = (await records(firsts, (id) => ranking.isHeading(id))).map(
      (record) => record.hierarchy.lvl1 ?? record.hierarchy.lvl0,
    );
    return [...new Set(titles)];
  };

  const shown = async (query: string, ranking: Ranked, ids: number[]): Promise<SearchRecord[]> =>
    byProximity(query, ids, await records(ids, (id) => ranking.isHeading(id)), (id) => ranking.groupOf(id));

  return { search, records, shown, suggest, pageOf };
}

/**
 * Page directory pieces read with the vocabulary, all of them, when a site has no more: some
 * 16 × 256 record chunks, about 15,000 pages. A first search's hits lie in several of them (6 of
 * 11 at 10,000 pages); a bigger site reads only those its hits need, a round later.
 */
export const earlyPageDirectories = 16;

/** A page its chunk does not hold. */
const noRecords: PageRecordReader = Object.assign(() => undefined, { count: 0 });

// Older format (a directory before version 6): goes once every kept build records `formats` (contract/storage.ts).
/** The term pieces that hold `term`, from a directory that lists them all (before version 6). */
function termPiecesFor(directory: SearchDirectory, term: string): string[] {
  const [start, end] = termPieceRange(directory.terms, term);
  return directory.terms.slice(start, end).map((entry) => entry[1]);
}

function findSorted(terms: string[], term: string): number {
  let low = 0;
  let high = terms.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = terms[middle]!;
    if (value === term) return middle;
    if (value < term) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

function concatenate(segments: Postings[]): Postings {
  const total = segments.reduce((sum, segment) => sum + segment.ids.length, 0);
  const ids = new Uint32Array(total);
  const metas = new Uint8Array(total);
  let at = 0;
  for (const segment of segments) {
    ids.set(segment.ids, at);
    metas.set(segment.metas, at);
    at += segment.ids.length;
  }
  return { ids, metas };
}
