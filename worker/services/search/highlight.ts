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
  /** The query word it answers to, for a word that does. */
  match?: string;
}

/** A text cut into words (runs of letters and digits) and what lies between them, for one query. */
interface Split {
  pieces: Piece[];
  /** Where in `pieces` the words are. */
  words: number[];
  /** The query words the text holds, in the order first met. */
  matched: string[];
}

/** Per query (its words' array): each text's split, since a hit's content is highlighted and snippeted. */
const splits = new WeakMap<string[], Map<string, Split>>();

/**
 * Words as `tokenize` finds them, with the same source and flags: V8 compiles a Unicode-property
 * pattern once for both (a second one cost a cold isolate about 0.4 ms).
 */
const wordPattern = /[\p{L}\p{N}]+/gu;

function splitText(text: string, queryWords: string[]): Split {
  let known = splits.get(queryWords);
  if (!known) splits.set(queryWords, (known = new Map()));
  const done = known.get(text);
  if (done) return done;
  const result: Split = { pieces: [], words: [], matched: [] };
  let last = 0;
  wordPattern.lastIndex = 0;
  for (let found = wordPattern.exec(text); found; found = wordPattern.exec(text)) {
    const word = found[0];
    if (found.index > last) result.pieces.push({ text: text.slice(last, found.index) });
    const match = matchingQueryWord(word, queryWords);
    result.words.push(result.pieces.length);
    result.pieces.push({ text: word, match });
    if (match && !result.matched.includes(match)) result.matched.push(match);
    last = found.index + word.length;
  }
  if (last < text.length) result.pieces.push({ text: text.slice(last) });
  known.set(text, result);
  return result;
}

/**
 * Pieces `from` to `to` (not included) as HTML: escaped, the matched words in the tags. What lies
 * between two matches is escaped in one go (escaping text piece by piece gives the same).
 */
function render(pieces: Piece[], tags: Tags, from = 0, to = pieces.length): string {
  let html = '';
  let plain = '';
  for (let i = from; i < to; i++) {
    const piece = pieces[i]!;
    if (!piece.match) plain += piece.text;
    else {
      html += `${escapeHtml(plain)}${tags.pre}${escapeHtml(piece.text)}${tags.post}`;
      plain = '';
    }
  }
  return html + escapeHtml(plain);
}

function level(matched: string[], queryWords: string[]): MatchLevel {
  if (matched.length === 0) return 'none';
  return queryWords.every((word) => matched.includes(word)) ? 'full' : 'partial';
}

export function highlight(text: string, queryWords: string[], tags: Tags): HighlightValue {
  const { pieces, words, matched } = splitText(text, queryWords);
  const value: HighlightValue = {
    value: render(pieces, tags),
    matchLevel: level(matched, queryWords),
    matchedWords: [...matched],
  };
  if (value.matchLevel !== 'none')
    value.fullyHighlighted = words.length > 0 && words.every((index) => pieces[index]!.match);
  return value;
}

/** A window of `wordCount` words around the first match, with the ellipsis where text was cut. */
export function snippet(text: string, queryWords: string[], wordCount: number, tags: Tags): SnippetValue {
  const { pieces, words, matched } = splitText(text, queryWords);
  if (words.length <= wordCount) return { value: render(pieces, tags), matchLevel: level(matched, queryWords) };
  const firstMatch = Math.max(
    0,
    words.findIndex((index) => pieces[index]!.match),
  );
  const startWord = Math.max(0, Math.min(firstMatch - Math.floor(wordCount / 3), words.length - wordCount));
  const from = words[startWord]!;
  const to = words[startWord + wordCount - 1]! + 1;
  const windowMatched: string[] = [];
  for (let i = from; i < to; i++) {
    const match = pieces[i]!.match;
    if (match && !windowMatched.includes(match)) windowMatched.push(match);
  }
  const before = startWord > 0 ? tags.ellipsis : '';
  const after = startWord + wordCount < words.length ? tags.ellipsis : '';
  return {
    value: `${escapeHtml(before)}${render(pieces, tags, from, to)}${escapeHtml(after)}`,
    matchLevel: level(windowMatched, queryWords),
  };
}

export function queryWords(query: string): string[] {
  return tokenize(query);
}
