// The embedded search index's contract: built by scripts/build, loaded by the worker.
// Both sides must use the same fields and tokenizer, so they are declared once here.

import type { SearchRecord } from './model.ts';

export const indexedFields = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'content'] as const;
export type IndexedField = (typeof indexedFields)[number];

/** Field boosts: a title match outranks a heading match, which outranks body text. */
export const fieldBoost: Record<IndexedField, number> = { lvl1: 5, lvl2: 3, lvl3: 2, lvl4: 1.5, content: 1 };

export function extractField(record: SearchRecord, field: string): string {
  if (field === 'content') return record.content ?? '';
  if (field === 'lvl4') return [record.hierarchy.lvl4, record.hierarchy.lvl5, record.hierarchy.lvl6].filter(Boolean).join(' ');
  return record.hierarchy[field as 'lvl1'] ?? '';
}

/** Words: letters and digits in any script; `proof-of-ai` is three words, `ml-kem` two. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** What the build stores in KV under `b:<id>:search-index`. */
export interface SerializedSearchIndex {
  version: 1;
  records: SearchRecord[];
  /** MiniSearch's own JSON form. */
  index: unknown;
}
