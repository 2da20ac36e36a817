// Algolia-style `_highlightResult` and `_snippetResult` values: HTML-escaped text with the
// requested tags around words that match the query (typos and prefixes included).

import type { HighlightValue, MatchLevel, SnippetValue } from '../../../client/model.ts';
import { escapeHtml } from '../../../client/escape-html.ts';
import { tokenize } from '../../../client/search-options.ts';
import { editDistance } from './term-candidates.ts';

export interface Tags {
  pre: string;
  post: string;
  ellipsis: string;
}

/** Edits allowed for a query word, as Algolia's defaults: 1 from 4 letters, 2 from 8. */
export function allowedTypos(term: string): number {
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/** Per query (its words' array): what each text word answered to, since texts repeat their words. */
const answers = new WeakMap<string[], Map<string, string | undefined>>();

/** Which query word a text word answers to, if any. `last` may match as a prefix. */
export function matchingQueryWord(word: string, queryWords: string[]): string | undefined {
  const lower = word.toLowerCase();
  let known = answers.get(queryWords);
  if (!known) answers.set(queryWords, (known = new Map()));
  if (known.has(lower)) return known.get(lower);
  const found = queryWords.find((query, index) => {
    if (lower === query) return true;
    if (index === queryWords.length - 1 && lower.startsWith(query)) return true;
    const typos = allowedTypos(query);
    return typos > 0 && Math.abs(lower.length - query.length) <= typos && editDistance(lower, query, typos) <= typos;
  });
  known.set(lower, found);
  return found;
}

interface Piece {
  text: string;
  /** A run of letters and digits (what lies between them has none). */
  word: boolean;
  match?: string;
}

/** Per query (its words' array): each text's pieces, since a hit's content is highlighted and snippeted. */
const split = new WeakMap<string[], Map<string, Piece[]>>();

/** Split text into word and non-word pieces, marking the words that match the query. */
function pieces(text: string, queryWords: string[]): Piece[] {
  let known = split.get(queryWords);
  if (!known) split.set(queryWords, (known = new Map()));
  const done = known.get(text);
  if (done) return done;
  const result: Piece[] = [];
  let last = 0;
  for (const found of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = found.index!;
    if (start > last) result.push({ text: text.slice(last, start), word: false });
    result.push({ text: found[0], word: true, match: matchingQueryWord(found[0], queryWords) });
    last = start + found[0].length;
  }
  if (last < text.length) result.push({ text: text.slice(last), word: false });
  known.set(text, result);
  return result;
}

function render(list: Piece[], tags: Tags): string {
  return list
    .map((piece) => (piece.match ? `${tags.pre}${escapeHtml(piece.text)}${tags.post}` : escapeHtml(piece.text)))
    .join('');
}

function level(matched: Set<string>, queryWords: string[]): MatchLevel {
  if (matched.size === 0) return 'none';
  return queryWords.every((word) => matched.has(word)) ? 'full' : 'partial';
}

export function highlight(text: string, queryWords: string[], tags: Tags): HighlightValue {
  const list = pieces(text, queryWords);
  const matched = new Set(list.flatMap((piece) => (piece.match ? [piece.match] : [])));
  const words = list.filter((piece) => piece.word);
  const value: HighlightValue = {
    value: render(list, tags),
    matchLevel: level(matched, queryWords),
    matchedWords: [...matched],
  };
  if (value.matchLevel !== 'none') value.fullyHighlighted = words.length > 0 && words.every((piece) => piece.match);
  return value;
}

/** A window of `wordCount` words around the first match, with the ellipsis where text was cut. */
export function snippet(text: string, queryWords: string[], wordCount: number, tags: Tags): SnippetValue {
  const list = pieces(text, queryWords);
  const wordIndexes = list.flatMap((piece, index) => (piece.word ? [index] : []));
  const matched = new Set(list.flatMap((piece) => (piece.match ? [piece.match] : [])));
  if (wordIndexes.length <= wordCount) return { value: render(list, tags), matchLevel: level(matched, queryWords) };
  const firstMatch = Math.max(
    0,
    wordIndexes.findIndex((index) => list[index]!.match),
  );
  const startWord = Math.max(0, Math.min(firstMatch - Math.floor(wordCount / 3), wordIndexes.length - wordCount));
  const from = wordIndexes[startWord]!;
  const to = wordIndexes[startWord + wordCount - 1]!;
  const window = list.slice(from, to + 1);
  const windowMatched = new Set(window.flatMap((piece) => (piece.match ? [piece.match] : [])));
  const before = startWord > 0 ? tags.ellipsis : '';
  const after = startWord + wordCount < wordIndexes.length ? tags.ellipsis : '';
  return {
    value: `${escapeHtml(before)}${render(window, tags)}${escapeHtml(after)}`,
    matchLevel: level(windowMatched, queryWords),
  };
}

export function queryWords(query: string): string[] {
  return tokenize(query);
}
