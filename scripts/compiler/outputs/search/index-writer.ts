// Writes the split search index: a small root, term pieces (postings), vocabulary pieces (terms
// and counts, for typos and prefixes, naming their terms' term pieces), record chunks and the page
// directory pieces that name them, each bounded in size so the worker reads only the few a query
// needs. See client/contract/index-pieces.ts for the formats.

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { docusaurusTag, type SearchRecord } from '../../../../client/contract/search-protocol.ts';
import {
  typoKey,
  defaultRankBits,
  type ChunkEntry,
  type SearchRoot,
  type TermPieceEntry,
} from '../../../../client/contract/index-pieces.ts';
import { storedFormats } from '../../../../client/contract/storage.ts';
import { chunksPerPageDirectory, pageDirectories } from './directory.ts';
import {
  piece,
  pieceSizes,
  recordChunks,
  recordChunkTarget,
  termPieces,
  vocabularyPieces,
  type PageTexts,
  type PieceSizes,
  type SearchPiece,
} from './piece-writers.ts';

import { PieceMemo } from './piece-memo.ts';
import { idsFor, tagRanges } from './root-parts.ts';
import { SpilledPostings, SpilledTexts } from './spill.ts';
import { prepareSearchPage, type PreparedSearchPage } from './prepare-page.ts';
import { recordKeys, reRanked, stableRanks, type RankedSearchPage } from './stable-ranks.ts';
import { sameBlock, TermPostings, type RemovedBlock } from './term-postings.ts';
import { VocabularyOrders } from './vocabulary-orders.ts';

export { pieceHash, pieceSizes, type PieceSizes, type SearchPiece } from './piece-writers.ts';
export { prepareSearchPage, type PreparedSearchPage } from './prepare-page.ts';

export interface SearchIndexWriter {
  /** Once per page; `pageIndex` is the page's position in the build, pages in any order. */
  addPage(pageIndex: number, records: SearchRecord[]): void;
  /** The same, for a page `prepareSearchPage` read (in a compile thread); `undefined` for a page without records. */
  addPrepared(pageIndex: number, page: PreparedSearchPage | undefined): void;
  /**
   * Takes a page's records out again, so that it can be added anew (`npm start`'s one-page
   * rebuild); only a writer made `removable` can.
   */
  removePage(pageIndex: number): void;
  /** Whether postings went to disk. */
  spilled(): boolean;
  /** Bytes of postings a kept writer's writes read back from disk so far (0 for one in memory). */
  postingsReadBack(): number;
  /**
   * Every piece, one at a time so the caller can write each out; the root comes last.
   * `staticPieces`: the pieces the index may ship as static files (emit.ts), for an index stored
   * so: its record chunks grow (`recordChunkTarget`) so that every piece stays a file.
   */
  pieces(options?: { staticPieces?: number }): Generator<SearchPiece>;
  /** All pieces at once, for small sites and tests. */
  finish(): { directory: string; pieces: Map<string, string> };
}

/** Postings and records the writer holds before it spills them (`spill`): a 10,000-page site stays below. */
export const spillBudget = 256 * 2 ** 20;

export function createSearchIndexWriter({
  siteUrl,
  sizes = pieceSizes,
  spill,
  removable = false,
}: {
  siteUrl: string;
  /** Smaller pieces in tests, to split a small site as a big one is. */
  sizes?: PieceSizes;
  /**
   * A folder (the writer's own, removed once the pieces are written, or by the caller of a
   * `removable` writer, which writes them again and again) where postings and records go once
   * those held pass `budget` bytes (`spillBudget`); without it, everything stays in memory.
   */
  spill?: { dir: string; budget?: number };
  /** Keeps each page's terms, so `removePage` can take them out (a dev build kept for its edits). */
  removable?: boolean;
}): SearchIndexWriter {
  const defaults = { origin: new URL(siteUrl).origin, language: 'en' as const, docusaurusTag };
  const terms = new Map<string, TermPostings>();
  /** Page index → its compact records as JSON, written into chunks at the end. */
  const pageRecords = new Map<number, string>();
  /** The same, titles and headings alone. */
  const pageHeadings = new Map<number, string>();
  /** Records whose language or tag differ from their page's: [page, rank, language, tag]. */
  const facetExceptions: [number, number, string, string][] = [];
  /** The page with the most ranks (records, and gaps a kept writer's edits left), for the id width (`rankBitsFor`). */
  let fullest = { records: 0, url: '' };
  let lastPage = -1;
  /** Page index → its records' version tag, when it is not the index's usual one. */
  const pageTags = new Map<number, string>();
  let recordCount = 0;
  /** Page index → its terms, records and ranks (`removable` only). */
  const added = new Map<number, { terms?: string[]; records: number; span: number; url: string }>();
  /**
   * The blocks of pages taken out and not yet added again, by page and term (`removable` only):
   * a page added back with a term's very block leaves that term's postings, and its pieces, as
   * they were, so an edit encodes again only the terms of the records it changed.
   */
  const removed = new Map<number, Map<string, RemovedBlock>>();
  /** The same pages' records, rank by rank, so that those an edit left alone keep their ranks (stable-ranks.ts). */
  const removedRecords = new Map<number, (string | undefined)[]>();
  /** What the last write made, for the next (`removable` only: a writer written out again and again). */
  const memo = removable ? new PieceMemo(() => (spilled?.any ? spilled.pieces : undefined)) : undefined;
  /** The vocabulary in both orders, kept up to date as terms come and go (a page edit adds a few). */
  const orders = new VocabularyOrders();
  /** Whether a kept writer was written out before (its memo then holds every piece). */
  let writtenBefore = false;
  /** Bytes of postings and characters of records held, against the spill budget. */
  let held = 0;
  const spilled = spill && {
    // A kept writer's entries on disk are an eighth of a common word's segment: an edit encodes
    // again a segment or two of each word it changed, and reads little more than that.
    postings: new SpilledPostings(join(spill.dir, 'postings'), removable ? { run: sizes.longTerm / 8 } : undefined),
    records: new SpilledTexts(spill.dir, 'records'),
    headings: new SpilledTexts(spill.dir, 'headings'),
    /** The memo's pieces (`removable` only). */
    pieces: new SpilledTexts<string>(spill.dir, 'pieces'),
    /** Each page's terms, joined by NUL (`removable` only): what `removePage` takes out. */
    pageTerms: new SpilledTexts(spill.dir, 'terms'),
    any: false,
  };
  const spillAll = () => {
    if (!spilled) return;
    spilled.postings.spill(terms);
    spilled.records.spill(pageRecords);
    spilled.headings.spill(pageHeadings);
    for (const [page, entry] of added) {
      if (!entry.terms) continue;
      spilled.pageTerms.put(page, entry.terms.join('\0'));
      delete entry.terms;
    }
    spilled.any = true;
    held = 0;
  };

  const addPrepared = (pageIndex: number, prepared: PreparedSearchPage | undefined) => {
    if (pageRecords.has(pageIndex)) throw new Error(`search index: page ${pageIndex} was added twice`);
    memo?.touchedPage(pageIndex);
    const before = removedRecords.get(pageIndex);
    removedRecords.delete(pageIndex);
    if (!prepared) return;
    const page: RankedSearchPage = before
      ? reRanked(prepared, stableRanks(before, recordKeys(prepared.text) as string[]))
      : prepared;
    const span = page.span ?? page.records;
    if (span > fullest.records) fullest = { records: span, url: page.url };
    lastPage = Math.max(lastPage, pageIndex);
    if (page.tag !== defaults.docusaurusTag) pageTags.set(pageIndex, page.tag);
    for (const [rank, language, tag] of page.facetExceptions) facetExceptions.push([pageIndex, rank, language, tag]);
    const blocksBefore = removed.get(pageIndex);
    removed.delete(pageIndex);
    // A plain loop over the page's terms, each block copied from its range: this runs for every
    // term of every page on the build's own thread, where a view of each block cost more than the copy.
    const { terms: pageTerms, blocks, blockEnds, counts } = page;
    let at = 0;
    for (let i = 0; i < pageTerms.length; i++) {
      const term = pageTerms[i]!;
      let postings = terms.get(term);
      if (!postings) {
        terms.set(term, (postings = new TermPostings()));
        orders.add(term);
      }
      const end = blockEnds[i]!;
      if (blocksBefore && sameBlock(blocksBefore.get(term), counts[i]!, blocks.subarray(at, end)))
        blocksBefore.delete(term);
      else memo?.touchedTerm(term, pageIndex);
      held -= postings.byteLength;
      postings.addBlock(pageIndex, blocks, at, end, counts[i]!);
      held += postings.byteLength;
      at = end;
    }
    // Terms the page no longer has.
    if (blocksBefore) memo?.touched(blocksBefore.keys(), pageIndex);
    if (removable) added.set(pageIndex, { terms: page.terms, records: page.records, span, url: page.url });
    pageRecords.set(pageIndex, page.text);
    pageHeadings.set(pageIndex, page.headings);
    held += page.text.length + page.headings.length;
    recordCount += page.records;
    if (spill && held > (spill.budget ?? spillBudget)) spillAll();
  };
  const addPage = (pageIndex: number, records: SearchRecord[]) =>
    addPrepared(pageIndex, prepareSearchPage(records, siteUrl));

  const removePage = (pageIndex: number) => {
    if (!removable) throw new Error('search index: this writer cannot take pages out');
    const page = added.get(pageIndex);
    if (!page) return;
    memo?.touchedPage(pageIndex);
    added.delete(pageIndex);
    const joined = page.terms ? undefined : spilled!.pageTerms.get(pageIndex);
    const pageTerms = page.terms ?? (joined ? joined.split('\0') : []);
    spilled?.pageTerms.delete(pageIndex);
    // Its blocks on disk go first; then those still held.
    const blocks = spilled?.any ? spilled.postings.removePage(pageIndex, pageTerms) : new Map<string, RemovedBlock>();
    for (const term of pageTerms) {
      const postings = terms.get(term)!;
      held -= postings.byteLength;
      const block = postings.removePage(pageIndex);
      held += postings.byteLength;
      if (block) blocks.set(term, block);
      // A block on disk leaves the term's count to take down here.
      else postings.count -= blocks.get(term)?.count ?? 0;
      if (postings.count === 0) {
        terms.delete(term);
        orders.drop(term);
      }
    }
    removed.set(pageIndex, blocks);
    const text = pageRecords.get(pageIndex) ?? (spilled?.any ? spilled.records.get(pageIndex) : undefined);
    if (text !== undefined) removedRecords.set(pageIndex, recordKeys(text));
    for (const texts of [pageRecords, pageHeadings]) {
      held -= texts.get(pageIndex)?.length ?? 0;
      texts.delete(pageIndex);
    }
    spilled?.records.delete(pageIndex);
    spilled?.headings.delete(pageIndex);
    pageTags.delete(pageIndex);
    recordCount -= page.records;
    for (let i = facetExceptions.length - 1; i >= 0; i--)
      if (facetExceptions[i]![0] === pageIndex) facetExceptions.splice(i, 1);
    lastPage = -1;
    for (const other of added.keys()) lastPage = Math.max(lastPage, other);
    fullest = { records: 0, url: '' };
    for (const other of added.values())
      if (other.span > fullest.records) fullest = { records: other.span, url: other.url };
  };

  function* pieces({ staticPieces }: { staticPieces?: number } = {}): Generator<SearchPiece> {
    try {
      yield* piecesHeld(staticPieces);
    } finally {
      spilled?.records.close();
      spilled?.headings.close();
      spilled?.postings.closeFile();
      // A removable writer's folder stays for its next write.
      if (spill && !removable) rmSync(spill.dir, { recursive: true, force: true });
    }
  }

  function* piecesHeld(staticPieces: number | undefined): Generator<SearchPiece> {
    // Pages taken out and not added again: their terms' postings changed.
    for (const [page, blocks] of removed) memo?.touched(blocks.keys(), page);
    removed.clear();
    removedRecords.clear();
    const ids = idsFor(lastPage + 1, fullest);
    // Once anything went to disk, everything does, and is read back in order.
    if (spilled?.any) spillAll();
    // After its first write, a kept writer's write reads back only the terms an edit touched.
    const postingsOf = spilled?.any
      ? spilled.postings.reader(terms, writtenBefore)
      : (term: string) => terms.get(term)!;
    const pagesOf = (held: Map<number, string>, spilledPages?: SpilledTexts): PageTexts =>
      spilledPages && spilled?.any
        ? {
            pages: spilledPages.keys(),
            text: (page) => spilledPages.get(page),
            size: (page) => spilledPages.length(page),
            token: (page) => spilledPages.offset(page),
          }
        : {
            pages: [...held.keys()],
            text: (page) => held.get(page)!,
            size: (page) => held.get(page)!.length,
            token: (page) => held.get(page),
          };
    const { sorted: vocabulary, typos } = orders.of(terms.keys());
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
    /** Pieces written so far, for the record chunks' size. */
    let written = 0;
    // A vocabulary piece changes with its terms' counts and term pieces: the terms touched since
    // the last write, and those of every term piece made again.
    const changed = writtenBefore ? new Set(memo?.touchedSince()) : undefined;
    for (const made of termPieces(vocabulary, postingsOf, sizes, ids.perPage, memo, changed)) {
      termList.push([made.first, made.hash, made.continued ? 1 : 0]);
      written++;
      yield made;
    }
    for (const made of vocabularyPieces(vocabulary, terms, termList, sizes.vocabulary, memo, { changed })) {
      root.vocabulary.push([made.first, made.hash]);
      written++;
      yield made;
    }
    for (const made of vocabularyPieces(typos, terms, termList, sizes.vocabulary, memo, { typos: true, changed })) {
      root.typos.push([typoKey(made.first), made.hash]);
      written++;
      yield made;
    }
    const chunks: ChunkEntry[] = [];
    const pagesChanged = memo?.pagesTouchedSince() ?? [];
    const records = pagesOf(pageRecords, spilled?.records);
    const headings = pagesOf(pageHeadings, spilled?.headings);
    const recordTarget =
      staticPieces === undefined
        ? sizes.records
        : recordChunkTarget(sizes, {
            written,
            recordChars: sum(records),
            headingChars: sum(headings),
            maxPieces: staticPieces,
            perDirectory: sizes.pageDirectory ?? chunksPerPageDirectory,
          });
    for (const written of recordChunks(records, recordTarget, memo, { changed: pagesChanged })) {
      chunks.push([written.first, written.hash]);
      yield written;
    }
    const headingChunks: ChunkEntry[] = [];
    for (const written of recordChunks(headings, sizes.headings ?? sizes.records, memo, {
      headings: true,
      changed: pagesChanged,
    })) {
      headingChunks.push([written.first, written.hash]);
      yield written;
    }
    for (const { first, directory } of pageDirectories(chunks, headingChunks, sizes.pageDirectory)) {
      const written = piece(JSON.stringify(directory));
      root.pages.push([first, written.hash]);
      yield written;
    }
    yield piece(JSON.stringify(root));
    memo?.written();
    writtenBefore = memo !== undefined;
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

  return {
    addPage,
    addPrepared,
    removePage,
    spilled: () => spilled?.any === true,
    postingsReadBack: () => spilled?.postings.bytesRead ?? 0,
    pieces,
    finish,
  };
}

/** The characters of every page's text, from their lengths alone. */
function sum(texts: PageTexts): number {
  let chars = 0;
  for (const page of texts.pages) chars += texts.size(page);
  return chars;
}
