// How the embedded search index reads text: the fields it indexes, their boosts and the tokenizer.
// The build that writes the index and the worker that queries it must agree, so they share this.

import type { SearchRecord } from './search-protocol.ts';

export const indexedFields = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'content'] as const;
export type IndexedField = (typeof indexedFields)[number];

/** Field boosts: a title match outranks a heading match, which outranks body text. */
export const fieldBoost: Record<IndexedField, number> = { lvl1: 5, lvl2: 3, lvl3: 2, lvl4: 1.5, content: 1 };

/**
 * A field's text. The weakest heading field also holds the page's section (`lvl0`, its sidebar
 * category: often the product's name), as DocSearch searches it, so `SELF Studio` finds the pages
 * under it whose titles do not repeat it.
 */
export function extractField(record: SearchRecord, field: string): string {
  if (field === 'content') return record.content ?? '';
  if (field === 'lvl4')
    return [record.hierarchy.lvl4, record.hierarchy.lvl5, record.hierarchy.lvl6, record.hierarchy.lvl0]
      .filter(Boolean)
      .join(' ');
  return record.hierarchy[field as 'lvl1'] ?? '';
}

/** Words: letters and digits in any script; `proof-of-ai` is three words, `ml-kem` two. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(wordPatternFor(text)) ?? [];
}

/**
 * The terms a text is indexed under: its words; the parts of each camelCase word beside the whole
 * (`mockReturnValue`: `mockreturnvalue`, `mock`, `return`, `value`); and each dotted, kebab-case or
 * snake_case name joined whole beside its words (`prettier-ignore`: `prettierignore`), so an API
 * name is found by itself and by the words it is made of.
 */
export function indexTerms(text: string): string[] {
  const words = text.match(wordPatternFor(text)) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    terms.push(word.toLowerCase());
    const parts = identifierParts(word);
    if (parts) terms.push(...parts);
  }
  // Most texts join no two words: one linear test spares them the match, whose pattern backtracks
  // through every suffix of every word before it fails.
  if (!compoundJoint.test(text)) return terms;
  for (const name of text.match(compoundNames) ?? []) terms.push(name.replace(joints, '').toLowerCase());
  return terms;
}

/**
 * A query's words, as the index has them: a compound name (`prettier.format`, `list-different`)
 * is one word, its parts the words it joins; a camelCase word's parts are the words it is made of.
 */
export interface QueryWord {
  word: string;
  parts?: string[];
  /** Its parts are joined by dots (`Keyboard.dismiss`): an object and its member. */
  dotted?: boolean;
}

export function queryWordsOf(query: string): QueryWord[] {
  // Beyond ASCII there are no compound or camelCase names to take apart: plain words.
  if (beyondAscii.test(query)) return tokenize(query).map((word) => ({ word }));
  return (query.match(asciiNames) ?? []).map((raw) => {
    const runs = raw.split(joints).filter(Boolean);
    if (runs.length > 1) {
      const word = { word: runs.join('').toLowerCase(), parts: runs.map((run) => run.toLowerCase()) };
      return /^[^-_]*$/.test(raw) ? { ...word, dotted: true } : word;
    }
    const parts = identifierParts(raw);
    return parts ? { word: raw.toLowerCase(), parts } : { word: raw.toLowerCase() };
  });
}

/** Runs of letters and digits joined by `.`, `-` or `_` (none between two runs: one name). */
const compoundNames = /[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)+/g;
/** What every compound name holds: a joint between two letters or digits. */
const compoundJoint = /[A-Za-z0-9][._-][A-Za-z0-9]/;
const asciiNames = /[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*/g;
const joints = /[._-]/g;

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
