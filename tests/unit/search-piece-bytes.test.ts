// The search cache charges each piece the bytes V8 keeps for it; a piece's text is looked at once
// to know its strings are one byte a character, and the charge must not change for it.

import { describe, expect, it } from 'vitest';
import { latin1Json, retainedBytes } from '../../worker/services/search/piece-cache.ts';

const texts = {
  plain: JSON.stringify({ terms: ['deploy', 'déployer'], postings: ['AbC', 'dE-_'] }),
  wide: JSON.stringify({ terms: ['deploy', 'デプロイ'], postings: ['AbC', 'x'] }),
  escaped: '{"terms":["deploy","\\u30c7\\u30d7"],"postings":["AbC","x"]}',
  escapedLatin1: '{"terms":["caf\\u00e9"],"postings":["A"]}',
};

describe('what a search piece is charged', () => {
  it.each(Object.entries(texts))('is the same whether its %s text was looked at once or each string', (_, text) => {
    const value: unknown = JSON.parse(text);
    expect(retainedBytes(value, latin1Json(text))).toBe(retainedBytes(value));
  });

  it('charges a string beyond Latin-1 two bytes a character', () => {
    expect(latin1Json(texts.plain)).toBe(true);
    expect(latin1Json(texts.wide)).toBe(false);
    expect(latin1Json(texts.escaped)).toBe(false);
    expect(retainedBytes('デプロイデプロイ')).toBe(retainedBytes('abcdefgh') + 8);
  });
});
