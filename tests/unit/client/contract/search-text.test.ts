// What a search counts as a word, on the index's side and the query's alike: runs of letters and
// digits of any script. ASCII text is split by a plain pattern (a cold isolate then compiles no
// Unicode-property pattern): it must find the very words the Unicode pattern finds.

import { describe, expect, it } from 'vitest';
import { identifierParts, indexTerms, tokenize, wordPatternFor } from '../../../../client/contract/search-text.ts';
import { random } from '../../support/synthetic-pages.ts';

/** The definition: letters and digits of any script, lower-cased. */
const byDefinition = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

describe('words of a text', () => {
  it.each([
    [
      'Proof-of-AI consensus, ML-KEM_768 and v2.1',
      ['proof', 'of', 'ai', 'consensus', 'ml', 'kem', '768', 'and', 'v2', '1'],
    ],
    ['Déployer la chaîne', ['déployer', 'la', 'chaîne']],
    ['日本語のドキュメント 2024', ['日本語のドキュメント', '2024']],
    ['ΟΔΟΣ Straße ½ ²', ['οδος', 'straße', '½', '²']],
    ['emoji 😀 between', ['emoji', 'between']],
  ])('finds the words of %j', (text, words) => {
    expect(tokenize(text)).toEqual(words);
  });

  it('finds in any text what the Unicode pattern finds, ASCII or not', () => {
    const pieces = [
      'a',
      'B',
      'proto',
      'É',
      'é',
      'ß',
      'İ',
      'K',
      '日本',
      '😀',
      ' ',
      '-',
      '_',
      '1',
      '²',
      'Σ',
      '\ud800',
      'ǅ',
      'ﬁ',
      '٣',
    ];
    const next = random(11);
    for (let i = 0; i < 5000; i++) {
      const text = Array.from(
        { length: Math.floor(next() * 12) },
        () => pieces[Math.floor(next() * pieces.length)],
      ).join(next() < 0.5 ? '' : ' ');
      expect(tokenize(text)).toEqual(byDefinition(text));
      expect(text.match(wordPatternFor(text)) ?? []).toEqual(text.match(/[\p{L}\p{N}]+/gu) ?? []);
    }
  });
});

describe('the terms a text is indexed under', () => {
  // Its words (and camelCase parts), then each name joined by `.`, `-` or `_`, as the pattern finds them.
  const byDefinition = (text: string) => [
    ...(text.match(wordPatternFor(text)) ?? []).flatMap((word) => [
      word.toLowerCase(),
      ...(identifierParts(word) ?? []),
    ]),
    ...(text.match(/[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)+/g) ?? []).map((name) =>
      name.replace(/[._-]/g, '').toLowerCase(),
    ),
  ];

  it('hold every joined name, and none in a text joining no two words', () => {
    const texts = [
      'Run prettier-ignore on list.different and snake_case_name, then v1.2.3 and mockReturnValue.',
      'Plain words only, with dashes - between, a trailing dot. And _under_ -lead trail- .dot.',
      'a-b',
      '',
      `${'x'.repeat(3000)}.y`,
    ];
    for (const text of texts) expect(indexTerms(text)).toEqual(byDefinition(text));
    expect(indexTerms('prettier-ignore')).toEqual(['prettier', 'ignore', 'prettierignore']);
    expect(indexTerms('Plain words - only.')).toEqual(['plain', 'words', 'only']);
  });
});
