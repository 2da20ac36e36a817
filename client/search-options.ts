// The embedded search index's contract: built by scripts/build, loaded by the worker.
// Both sides must use the same fields and tokenizer, so they are declared once here.

import type { SearchRecord } from './model.ts';

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
 * same words there, and V8 compiles the Unicode-property one (about half a millisecond on a cold
 * isolate) only when a text needs it.
 */
export function wordPatternFor(text: string): RegExp {
  return beyondAscii.test(text) ? unicodeWords : asciiWords;
}

/** A record as stored in the index: what every record repeats (origin, language, tag) is
 *  stored once. [objectID, path with #anchor, type, lvl0…lvl6, content, position, language?, tag?] */
export type CompactRecord = [
  string,
  string,
  SearchRecord['type'],
  (string | null)[],
  string | null,
  number,
  string?,
  string?,
];

/** What a record leaves out because the whole index shares it. */
export interface RecordDefaults {
  /** Origin of every record URL (the site's url). */
  origin: string;
  language: SearchRecord['language'];
  docusaurusTag: string;
}

const levelNames = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

export function compactRecord(record: SearchRecord, defaults: RecordDefaults): CompactRecord {
  const path = record.url.startsWith(`${defaults.origin}/`) ? record.url.slice(defaults.origin.length) : record.url;
  const compact: CompactRecord = [
    record.objectID,
    path,
    record.type,
    levelNames.map((level) => record.hierarchy[level] ?? null),
    record.content,
    record.weight.position,
  ];
  // Only a record that differs from the index's language or tag carries its own.
  if (record.language !== defaults.language || record.docusaurus_tag !== defaults.docusaurusTag)
    compact.push(record.language, record.docusaurus_tag);
  return compact;
}

export function expandRecord(compact: CompactRecord, index: RecordDefaults): SearchRecord {
  const [objectID, path, type, levels, content, position, language, tag] = compact;
  const url = path.startsWith('/') ? `${index.origin}${path}` : path;
  const hash = url.indexOf('#');
  const hierarchy = Object.fromEntries(
    levelNames.map((level, i) => [level, levels[i] ?? null]),
  ) as SearchRecord['hierarchy'];
  return {
    objectID,
    url,
    url_without_anchor: hash === -1 ? url : url.slice(0, hash),
    anchor: hash === -1 ? null : url.slice(hash + 1),
    type,
    hierarchy,
    content,
    language: (language ?? index.language) as SearchRecord['language'],
    docusaurus_tag: tag ?? index.docusaurusTag,
    weight: { level: type === 'content' ? 0 : 100 - levelNames.indexOf(type as 'lvl0') * 10, position, pageRank: 0 },
  };
}
