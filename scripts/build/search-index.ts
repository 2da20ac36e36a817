// Step 5b: the embedded search index (MiniSearch) that the worker answers from when Algolia
// is not configured or fails.

import MiniSearch from 'minisearch';
import type { SearchRecord } from '../../client/model.ts';
import { extractField, indexedFields, tokenize, type SerializedSearchIndex } from '../../client/search-options.ts';

export function buildSearchIndex(records: SearchRecord[]): SerializedSearchIndex {
  const index = new MiniSearch<{ id: number }>({
    fields: [...indexedFields],
    idField: 'id',
    tokenize,
    extractField: (document, field) => (field === 'id' ? (document.id as unknown as string) : extractField(records[document.id]!, field)),
  });
  index.addAll(records.map((_, id) => ({ id })));
  return { version: 1, records, index: index.toJSON() };
}
