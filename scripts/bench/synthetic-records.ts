// Synthetic documentation pages as search records (a title, headings, ~80 paragraphs a page) whose
// words follow a Zipf law over a generated vocabulary, as prose does: the search writer's scale
// tests and its edit bench (search-edits.ts). Deterministic: the same seed gives the same site.

import { docusaurusTag, type RecordType, type SearchRecord } from '../../client/contract/search-protocol.ts';
import { seededRandom, zipfSampler } from './corpus-words.ts';

/** The corpus generator's seeded random source: the same seed, the same site. */
export const random = seededRandom;

/** The site the synthetic pages' records belong to. */
export const syntheticSiteUrl = 'https://docs.example.test';

export interface Vocabulary {
  words: string[];
  /** A word drawn by Zipf's law: the n-th most frequent has weight 1/n. */
  draw(): string;
}

export function zipfVocabulary(size: number, rand: () => number): Vocabulary {
  const letters = 'etaoinshrdlcumwfgypbvkjxqz';
  const seen = new Set<string>();
  const words: string[] = [];
  while (words.length < size) {
    const length = 2 + Math.floor(rand() * rand() * 12);
    let word = '';
    for (let i = 0; i < length; i++) word += letters[Math.floor(rand() * rand() * letters.length)];
    if (seen.has(word)) continue;
    seen.add(word);
    words.push(word);
  }
  // Plain Zipf: the n-th most frequent word has weight 1/n.
  const rank = zipfSampler(rand, size, 1, 1);
  const draw = () => words[rank()]!;
  return { words, draw };
}

const sentence = (vocabulary: Vocabulary, rand: () => number, min: number, spread: number) => {
  const count = min + Math.floor(rand() * spread);
  return Array.from({ length: count }, () => vocabulary.draw()).join(' ');
};

/** Page `index`'s records: a title, then sections of a heading and their paragraphs. */
export function syntheticPage(
  index: number,
  vocabulary: Vocabulary,
  rand: () => number,
  recordsPerPage = 87,
): SearchRecord[] {
  const url = `https://docs.example.test/docs/page-${index}`;
  const title = sentence(vocabulary, rand, 2, 3);
  const records: SearchRecord[] = [];
  let lvl2: string | null = null;
  let lvl3: string | null = null;
  let anchor: string | null = null;
  const push = (type: RecordType, content: string | null) =>
    records.push({
      objectID: `${index}-${records.length}`,
      url: anchor ? `${url}#${anchor}` : url,
      url_without_anchor: url,
      anchor,
      type,
      hierarchy: { lvl0: 'Documentation', lvl1: title, lvl2, lvl3, lvl4: null, lvl5: null, lvl6: null },
      content,
      language: 'en',
      docusaurus_tag: docusaurusTag,
      weight: { level: 0, position: records.length, pageRank: 0 },
    });
  push('lvl1', null);
  while (records.length < recordsPerPage) {
    const heading = sentence(vocabulary, rand, 1, 4);
    if (rand() < 0.6 || lvl2 === null) [lvl2, lvl3] = [heading, null];
    else lvl3 = heading;
    anchor = `section-${records.length}`;
    push(lvl3 ? 'lvl3' : 'lvl2', null);
    const paragraphs = 4 + Math.floor(rand() * 10);
    for (let i = 0; i < paragraphs && records.length < recordsPerPage; i++)
      push('content', sentence(vocabulary, rand, 8, 30));
  }
  return records;
}
