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

/**
 * The terms a text is indexed under: its words, and the parts of each camelCase word beside the
 * whole (`mockReturnValue`: `mockreturnvalue`, `mock`, `return`, `value`), so an API name is
 * found by itself and by the words it is made of.
 */
export function indexTerms(text: string): string[] {
  const words = text.match(wordPatternFor(text)) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    terms.push(word.toLowerCase());
    const parts = identifierParts(word);
    if (parts) terms.push(...parts);
  }
  return terms;
}

/** A query's words, each with the parts of a camelCase word (`returnValue`: `return`, `value`). */
export interface QueryWord {
  word: string;
  parts?: string[];
}

export function queryWordsOf(query: string): QueryWord[] {
  return (query.match(wordPatternFor(query)) ?? []).map((raw) => {
    const parts = identifierParts(raw);
    return parts ? { word: raw.toLowerCase(), parts } : { word: raw.toLowerCase() };
  });
}

/** A lower-case letter before a capital, or a run of capitals before a capitalised word. */
const camelJoint = /[a-z][A-Z]|[A-Z]{2}[a-z]/;
const camelPart = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+/g;

/**
 * The parts of a camelCase or PascalCase ASCII word (`getHTTPResponse`: `get`, `http`, `response`),
 * lower-cased, two letters or more; undefined for any other word.
 */
export function identifierParts(word: string): string[] | undefined {
  if (!camelJoint.test(word) || beyondAscii.test(word)) return undefined;
  const parts = (word.match(camelPart) ?? []).filter((part) => part.length > 1).map((part) => part.toLowerCase());
  return parts.length > 1 ? parts : undefined;
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
