// Split search indexes built in memory from records, for the engine's unit tests: read back
// as the worker reads them (JSON pieces by hash), counting which pieces a query touched.

import { kvKeys, type SearchRef } from '../../../client/contract/storage.ts';
import type { RecordType, SearchRecord } from '../../../client/contract/search-protocol.ts';
import type {
  PageDirectory,
  SearchDirectory,
  SearchIndexRoot,
  SearchRoot,
  TermPieceEntry,
  VocabularyPiece,
} from '../../../client/contract/index-pieces.ts';
import { createSearchIndexWriter, type PieceSizes } from '../../../scripts/compiler/outputs/search/index-writer.ts';
import { createLocalIndex, type LocalIndex } from '../../../worker/services/search/local-index.ts';
import type { PieceKind } from '../../../worker/services/search/pieces.ts';

const siteUrl = 'https://docs.example.test';

/** A record of `page` (its title unless `title` is given), of `type`, with `content`, at `position`. */
export function pageRecord(
  page: string,
  type: RecordType,
  content: string | null,
  position = 0,
  title = page,
): SearchRecord {
  const url = `${siteUrl}/${page}`;
  return {
    objectID: `${page}-${type}-${position}`,
    url,
    url_without_anchor: url,
    anchor: null,
    type,
    hierarchy: { lvl0: 'Docs', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content,
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    weight: { level: 0, position, pageRank: 0 },
  };
}

/** Records grouped by page in the order their pages first appear, as the build numbers pages. */
export function writeIndex(
  records: SearchRecord[],
  sizes?: PieceSizes,
): { directory: string; pieces: Map<string, string> } {
  const writer = createSearchIndexWriter({ siteUrl, sizes });
  const pages = new Map<string, SearchRecord[]>();
  for (const record of records) {
    const list = pages.get(record.url_without_anchor);
    if (list) list.push(record);
    else pages.set(record.url_without_anchor, [record]);
  }
  [...pages.values()].forEach((list, pageIndex) => writer.addPage(pageIndex, list));
  return writer.finish();
}

/**
 * The version 5 directory of a written (version 6) index: every term piece and chunk listed in
 * one piece, as builds before the root wrote it. The pieces it names are the same.
 */
export function flatDirectory(written: { directory: string; pieces: Map<string, string> }): SearchDirectory {
  const root = JSON.parse(written.pieces.get(written.directory)!) as SearchRoot;
  const parse = <T>(hash: string) => JSON.parse(written.pieces.get(hash)!) as T;
  const terms = new Map<string, TermPieceEntry>();
  for (const [, hash] of root.vocabulary)
    for (const entry of parse<VocabularyPiece>(hash).pieces!) terms.set(entry[1], entry);
  const pages = root.pages.map(([, hash]) => parse<PageDirectory>(hash));
  const unique = (list: [number, string][]) => [...new Map(list.map((entry) => [entry[1], entry])).values()];
  const { pages: _, ...header } = root;
  return {
    ...header,
    version: 5,
    terms: [...terms.values()],
    chunks: unique(pages.flatMap((page) => page.chunks)),
    headingChunks: unique(pages.flatMap((page) => page.headingChunks)),
  };
}

/** The same index with a version 5 directory (`flatDirectory`) as its first piece, as a rollback reads it. */
export function asVersion5(
  written: { directory: string; pieces: Map<string, string> },
  changes: Partial<SearchDirectory> = {},
) {
  const directory = `${written.directory}-v5`;
  const text = JSON.stringify({ ...flatDirectory(written), ...changes });
  return { directory, pieces: new Map([...written.pieces, [directory, text]]) };
}

/** An index stored in KV, its pieces under their keys: of the records, or of an index `writeIndex` wrote. */
export function piecesInKv(index: SearchRecord[] | { directory: string; pieces: Map<string, string> }): {
  ref: SearchRef;
  entries: Map<string, string>;
} {
  const { directory, pieces } = Array.isArray(index) ? writeIndex(index) : index;
  const entries = new Map([...pieces].map(([hash, text]) => [kvKeys.searchPiece(hash), text]));
  return { ref: { store: 'kv', directory }, entries };
}

export interface TestIndex {
  /** Matching records, best first, as the worker shows them. */
  search(query: string, facetFilters?: string[][]): Promise<SearchRecord[]>;
  suggest(query: string, limit: number): Promise<string[]>;
  engine: LocalIndex;
  /** Hashes of the pieces read so far (the directory not included). */
  read: Set<string>;
  /** The pieces, by hash, and the directory's hash. */
  pieces: Map<string, string>;
  directory: string;
}

/** `asBytes`: pieces are read from their bytes where their kind can, as the worker reads static assets. */
export function openIndex(
  written: { directory: string; pieces: Map<string, string> },
  { asBytes = false } = {},
): TestIndex {
  const read = new Set<string>();
  const directory = JSON.parse(written.pieces.get(written.directory)!) as SearchIndexRoot;
  const engine = createLocalIndex(directory, async <T>(hash: string, kind: PieceKind<T>) => {
    read.add(hash);
    const text = written.pieces.get(hash)!;
    const value: unknown =
      asBytes && kind.parseBytes ? kind.parseBytes(new TextEncoder().encode(text)) : (kind.parse ?? JSON.parse)(text);
    if (!kind.valid(value)) throw new Error(`piece ${hash} has the wrong shape`);
    return value;
  });
  return {
    search: async (query, facetFilters) => {
      const ranking = await engine.search(query, facetFilters);
      // Titles and headings from the heading chunks, in the order the worker shows them.
      return engine.shown(query, ranking, ranking.slice(0, ranking.count));
    },
    suggest: (query, limit) => engine.suggest(query, limit),
    engine,
    read,
    pieces: written.pieces,
    directory: written.directory,
  };
}

export const builtIndex = (records: SearchRecord[]): TestIndex => openIndex(writeIndex(records));

/**
 * What readers get from an index: for each query, how many records match, the pages shown in
 * order with how many records each, and which records where every match is shown. A kept writer
 * (stable-ranks.ts) may rank an edited page's records in another order than a fresh one: records
 * of one page that rank alike then come in another order, and a list cut short may show others.
 */
export async function searchAnswers(written: { directory: string; pieces: Map<string, string> }, queries: string[]) {
  const index = openIndex(written);
  return Promise.all(
    queries.map(async (query) => {
      const [hits, ranking] = await Promise.all([index.search(query), index.engine.search(query)]);
      const pages = new Map<string, number>();
      for (const hit of hits) pages.set(hit.url_without_anchor, (pages.get(hit.url_without_anchor) ?? 0) + 1);
      const every = hits.length === ranking.count;
      return {
        query,
        count: ranking.count,
        pages: [...pages],
        records: every ? hits.map((hit) => `${hit.objectID} ${hit.type} ${hit.content}`).sort() : undefined,
      };
    }),
  );
}
