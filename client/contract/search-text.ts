// How the embedded search index reads text: the fields it indexes, their boosts and the tokenizer.
// The build that writes the index and the worker that queries it must agree, so they share this.

import type { SearchRecord } from './search-protocol.ts';

export const indexedFields = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'content'] as const;
export type IndexedField = (typeof indexedFields)[number];

/** Field boosts: a title match outranks a heading match, which outranks body text. */
export const fieldBoost: Record<IndexedField, number> = { lvl1: 5, lvl2: 3, lvl3: 2, lvl4: 1.5, content: 1 };

export function extractField(record: SearchRecord, field: string): string {
  if (field === 'content') return record.content ?? '';
  if (field === 'lvl4')
    return [record.hierarchy.lvl4, record.hierarchy.lvl5, record.hierarchy.lvl6].filter(Boolean).join(' ');
  return record.hierarchy[field as 'lvl1'] ?? '';
}

/** Words: letters and digits in any script; `proof-of-ai` is three words, `ml-kem` two. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(wordPatternFor(text)) ?? [];
}

const unicodeWords = /[\p{L}\p{N}]+/gu;
const asciiWords = /[A-Za-z0-9]+/g;
const beyondAscii = /[\u0080-\uffff]/;

/**
 * The pattern that finds `text`'s words (global: for `match` and `split`, not `exec`). In ASCII
 * text the letters and digits of every script are A–Z, a–z and 0–9: a plain pattern finds the
 * same words there, and V8 compiles the Unicode-property one (costly on a cold isolate) only when a
 * text needs it.
 */
export function wordPatternFor(text: string): RegExp {
  return beyondAscii.test(text) ? unicodeWords : asciiWords;
}
