// Algolia-style `_highlightResult` and `_snippetResult` values: HTML-escaped text with the
// requested tags around words that match the query (typos and prefixes included).

import type { HighlightValue, MatchLevel, SnippetValue } from '../../../client/contract/search-protocol.ts';
import { escapeHtml } from '../../../client/contract/escape-html.ts';
import { identifierParts, tokenize, wordPatternFor } from '../../../client/contract/search-text.ts';
import { editDistance } from './edit-distance.ts';

export interface Tags {
  pre: string;
  post: string;
  ellipsis: string;
}

/** Edits allowed for a query word, as Algolia's defaults: 1 from 4 letters, 2 from 8. */
export function allowedTypos(term: string): number {
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/** Per query (its words' array): what each text word answered to (null: none), since texts repeat their words. */
const answers = new WeakMap<string[], Map<string, string | null>>();

/**
 * Which query word a text word answers to, if any. `last` may match as a prefix. A camelCase word
 * answers to a query word that one of its parts answers to (`mockReturnValue` to `return`), as
 * the index finds it.
 */
export function matchingQueryWord(word: string, queryWords: string[]): string | undefined {
  let known = answers.get(queryWords);
  if (!known) answers.set(queryWords, (known = new Map()));
  const seen = known.get(word);
  if (seen !== undefined) return seen ?? undefined;
  let found = answeredWord(word.toLowerCase(), queryWords);
  if (!found) for (const part of identifierParts(word) ?? []) if ((found = answeredWord(part, queryWords))) break;
  known.set(word, found ?? null);
  return found;
}

/** The query word `term` (lower-case) answers to: itself, the last word's completion, or within its typos. */
function answeredWord(term: string, queryWords: string[]): string | undefined {
  const last = queryWords.length - 1;
  for (let index = 0; index <= last; index++) {
    const query = queryWords[index]!;
    if (term === query || (index === last && term.startsWith(query))) return query;
    const typos = allowedTypos(query);
    if (typos > 0 && Math.abs(term.length - query.length) <= typos && editDistance(term, query, typos) <= typos)
      return query;
  }
  return undefined;
}

/**
 * A text cut into words (runs of letters and digits) and what lies between them, for one query:
 * word `w` lies between `gaps[w]` and `gaps[w + 1]` (either maybe empty). Two native calls, not
 * a match object and a piece object a word.
 */
interface Split {
  words: string[];
  gaps: string[];
  /** The query word each word answers to, if any. */
  matches: (string | undefined)[];
  /** The query words the text holds, in the order first met. */
  matched: string[];
}

/** Per query (its words' array): each text's split, since a hit's content is highlighted and snippeted. */
const splits = new WeakMap<string[], Map<string, Split>>();

function splitText(text: string, queryWords: string[]): Split {
  let known = splits.get(queryWords);
  if (!known) splits.set(queryWords, (known = new Map()));
  const done = known.get(text);
  if (done) return done;
  // Words as `tokenize` finds them, with the same patterns.
  const pattern = wordPatternFor(text);
  const words = text.match(pattern) ?? [];
  const gaps = text.split(pattern);
  const matches = new Array<string | undefined>(words.length);
  const matched: string[] = [];
  for (let w = 0; w < words.length; w++) {
    const match = matchingQueryWord(words[w]!, queryWords);
    matches[w] = match;
    if (match && !matched.includes(match)) matched.push(match);
  }
  const result: Split = { words, gaps, matches, matched };
  known.set(text, result);
  return result;
}

/**
 * Words `from` to `to` (not included) as HTML, with what lies between them (and, `outer`, before
 * the first and after the last): escaped, the matched words in the tags. What lies between two
 * matches is escaped in one go (escaping text piece by piece gives the same).
 */
function render({ words, gaps, matches }: Split, tags: Tags, from: number, to: number, outer: boolean): string {
  let html = '';
  let plain = outer ? gaps[from]! : '';
  for (let w = from; w < to; w++) {
    const word = words[w]!;
    if (matches[w]) {
      html += `${escapeHtml(plain)}${tags.pre}${escapeHtml(word)}${tags.post}`;
      plain = '';
    } else plain += word;
    if (outer || w < to - 1) plain += gaps[w + 1]!;
  }
  return html + escapeHtml(plain);
}

function level(matched: string[], queryWords: string[]): MatchLevel {
  if (matched.length === 0) return 'none';
  return queryWords.every((word) => matched.includes(word)) ? 'full' : 'partial';
}

export function highlight(text: string, queryWords: string[], tags: Tags): HighlightValue {
  const split = splitText(text, queryWords);
  const { matches, matched } = split;
  const value: HighlightValue = {
    value: render(split, tags, 0, matches.length, true),
    matchLevel: level(matched, queryWords),
    matchedWords: [...matched],
  };
  if (value.matchLevel !== 'none') value.fullyHighlighted = matches.length > 0 && matches.every(Boolean);
  return value;
}

/** A window of `wordCount` words around the first match, with the ellipsis where text was cut. */
export function snippet(text: string, queryWords: string[], wordCount: number, tags: Tags): SnippetValue {
  const split = splitText(text, queryWords);
  const { matches, matched } = split;
  const words = matches.length;
  if (words <= wordCount) return { value: render(split, tags, 0, words, true), matchLevel: level(matched, queryWords) };
  const firstMatch = Math.max(0, matches.findIndex(Boolean));
  const startWord = Math.max(0, Math.min(firstMatch - Math.floor(wordCount / 3), words - wordCount));
  const endWord = startWord + wordCount;
  const windowMatched: string[] = [];
  for (let w = startWord; w < endWord; w++) {
    const match = matches[w];
    if (match && !windowMatched.includes(match)) windowMatched.push(match);
  }
  const before = startWord > 0 ? tags.ellipsis : '';
  const after = endWord < words ? tags.ellipsis : '';
  return {
    value: `${escapeHtml(before)}${render(split, tags, startWord, endWord, false)}${escapeHtml(after)}`,
    matchLevel: level(windowMatched, queryWords),
  };
}

/**
 * A query's words, the same array for the same query while it is among the last few asked: the
 * hits' proximity and their highlights then share what each text word answered to.
 */
export function queryWords(query: string): string[] {
  let words = recentQueries.get(query);
  if (!words) {
    if (recentQueries.size >= recentQueryLimit) recentQueries.clear();
    recentQueries.set(query, (words = tokenize(query)));
  }
  return words;
}
const recentQueries = new Map<string, string[]>();
const recentQueryLimit = 16;
