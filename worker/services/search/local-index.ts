// The embedded index: loaded from KV once per isolate and build, searched with MiniSearch
// (typo tolerant, prefix on the last word), ranked lvl1 > lvl2 > lvl3 > content, then by
// position in the page.

import MiniSearch, { type SearchResult as MiniResult } from 'minisearch';
import type { SearchRecord } from '../../../client/model.ts';
import {
  expandRecord,
  fieldBoost,
  indexedFields,
  tokenize,
  type SerializedSearchIndex,
} from '../../../client/search-options.ts';
import { readSearchIndex } from '../content-store.ts';
import { allowedTypos } from './highlight.ts';

export interface LocalIndex {
  records: SearchRecord[];
  /** Matching records, best first. */
  search(query: string): SearchRecord[];
  /** Up to `limit` page titles close to a query that found nothing, for 'Try searching for'. */
  suggest(query: string, limit: number): string[];
}

const loaded = new Map<string, Promise<LocalIndex>>();

/** A build's index; a failed read is a `StoreUnavailable` and is tried again on the next search. */
export function localIndex(kv: KVNamespace, buildId: string): Promise<LocalIndex> {
  let pending = loaded.get(buildId);
  if (!pending) {
    pending = readSearchIndex(kv, buildId).then(createLocalIndex);
    pending.catch(() => loaded.delete(buildId));
    loaded.set(buildId, pending);
    // One build's index at a time is plenty for an isolate.
    for (const key of loaded.keys()) if (key !== buildId && loaded.size > 2) loaded.delete(key);
  }
  return pending;
}

const typeRank: Record<SearchRecord['type'], number> = {
  lvl0: 0,
  lvl1: 1,
  lvl2: 2,
  lvl3: 3,
  lvl4: 4,
  lvl5: 5,
  lvl6: 6,
  content: 7,
};

export function createLocalIndex(serialized: SerializedSearchIndex): LocalIndex {
  const records = serialized.records.map((record) => expandRecord(record, serialized));
  const mini = MiniSearch.loadJS(serialized.index as never, { fields: [...indexedFields], idField: 'id', tokenize });
  const options = {
    tokenize,
    boost: fieldBoost,
    prefix: (_term: string, index: number, terms: string[]) => index === terms.length - 1,
    fuzzy: (term: string) => allowedTypos(term) || false,
    maxFuzzy: 2,
  };

  const search = (query: string): SearchRecord[] => {
    const words = tokenize(query);
    if (words.length === 0) return [];
    const results = mini.search(query, { ...options, combineWith: 'AND' });
    return results
      .map((result) => ({ result, record: records[Number(result.id)]!, typos: hasTypos(result, words) ? 1 : 0 }))
      .sort(
        (a, b) =>
          a.typos - b.typos ||
          typeRank[a.record.type] - typeRank[b.record.type] ||
          b.result.score - a.result.score ||
          a.record.weight.position - b.record.weight.position,
      )
      .map((entry) => entry.record);
  };

  const suggest = (query: string, limit: number): string[] => {
    const titles = new Set<string>();
    for (const result of mini.search(query, { ...options, combineWith: 'OR', fuzzy: 0.4 })) {
      const record = records[Number(result.id)]!;
      titles.add(record.hierarchy.lvl1 ?? record.hierarchy.lvl0);
      if (titles.size >= limit) break;
    }
    return [...titles];
  };

  return { records, search, suggest };
}

/** True when some query word was found only through a typo (not exactly, not as a prefix). */
function hasTypos(result: MiniResult, words: string[]): boolean {
  return words.some(
    (word, index) =>
      !result.terms.some((term) => term === word || (index === words.length - 1 && term.startsWith(word))),
  );
}
