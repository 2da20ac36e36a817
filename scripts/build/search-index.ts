// The embedded search index (MiniSearch) that the worker answers from when Algolia
// is not configured or fails.

import MiniSearch from 'minisearch';
import { docusaurusTag, type SearchRecord } from '../../client/model.ts';
import {
  compactRecord,
  extractField,
  indexedFields,
  tokenize,
  type SerializedSearchIndex,
} from '../../client/search-options.ts';

export function buildSearchIndex(records: SearchRecord[], siteUrl: string): SerializedSearchIndex {
  const origin = new URL(siteUrl).origin;
  const index = new MiniSearch<{ id: number }>({
    fields: [...indexedFields],
    idField: 'id',
    tokenize,
    extractField: (document, field) =>
      field === 'id' ? (document.id as unknown as string) : extractField(records[document.id]!, field),
  });
  index.addAll(records.map((_, id) => ({ id })));
  const defaults = { origin, language: 'en' as const, docusaurusTag };
  return {
    version: 2,
    ...defaults,
    records: records.map((record) => compactRecord(record, defaults)),
    index: index.toJSON(),
  };
}
