// The search cache charges each piece the bytes V8 keeps for it; a piece's text is looked at once
// to know its strings are one byte a character, and a piece's charge comes from its shape and its
// text's length: never less than the walk over every value counts, and not much more.

import { describe, expect, it } from 'vitest';
import type { SearchRoot } from '../../../../../client/contract/index-pieces.ts';
import { pieceKinds } from '../../../../../worker/services/search/piece-kinds.ts';
import { latin1Json, retainedBytes } from '../../../../../worker/services/search/piece-cache.ts';
import type { PieceKind } from '../../../../../worker/services/search/pieces.ts';
import { asVersion5, flatDirectory, writeIndex } from '../../../support/search-index.ts';
import { random, syntheticPage, zipfVocabulary } from '../../../support/synthetic-pages.ts';

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

  it.each(Object.entries(texts))('tells the same of its %s text from the bytes it was read from', (_, text) => {
    const bytes = new TextEncoder().encode(text).byteLength;
    expect(latin1Json(text, bytes)).toBe(latin1Json(text));
  });

  it('does not take a bad byte, replaced when read, for ASCII', () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"terms":["a'),
      0xff,
      ...new TextEncoder().encode('"]}'),
    ]);
    const text = new TextDecoder().decode(bytes);
    expect(text.length).toBe(bytes.byteLength);
    expect(latin1Json(text, bytes.byteLength)).toBe(false);
  });

  it('charges a string beyond Latin-1 two bytes a character', () => {
    expect(latin1Json(texts.plain)).toBe(true);
    expect(latin1Json(texts.wide)).toBe(false);
    expect(latin1Json(texts.escaped)).toBe(false);
    expect(retainedBytes('デプロイデプロイ')).toBe(retainedBytes('abcdefgh') + 8);
  });

  it.each(Object.entries(texts))(
    'charges a term piece with %s text at least what the walk over every value counts',
    (_, text) => {
      const piece = pieceKinds.terms;
      const value: unknown = piece.parse!(text);
      if (!piece.valid(value)) throw new Error('not a term piece');
      expect(piece.bytes(value, text, latin1Json(text))).toBeGreaterThanOrEqual(retainedBytes(value));
    },
  );

  it('charges every piece of a built index, by its kind, at least what the walk over every value counts and at most a third more', () => {
    const rand = random(3);
    const vocabulary = zipfVocabulary(2000, rand);
    const records = Array.from({ length: 60 }, (_, page) => syntheticPage(page, vocabulary, rand, 20)).flat();
    const small = { terms: 2048, longTerm: 8192, vocabulary: 4096, records: 4096 };
    const written = writeIndex(records, { ...small, pageDirectory: 4 });
    const { directory, pieces } = asVersion5(written);
    const listed = flatDirectory(written);
    const root = JSON.parse(pieces.get(written.directory)!) as SearchRoot;
    const kindOf = new Map<string, PieceKind<unknown>>([
      [directory, pieceKinds.directory as PieceKind<unknown>],
      [written.directory, pieceKinds.directory as PieceKind<unknown>],
      ...root.pages.map(([, hash]) => [hash, pieceKinds.pages] as [string, PieceKind<unknown>]),
      ...listed.terms.map(([, hash]) => [hash, pieceKinds.terms] as [string, PieceKind<unknown>]),
      ...[...listed.vocabulary, ...(listed.typos ?? [])].map(
        ([, hash]) => [hash, pieceKinds.vocabulary] as [string, PieceKind<unknown>],
      ),
      ...[...listed.chunks, ...(listed.headingChunks ?? [])].map(
        ([, hash]) => [hash, pieceKinds.records] as [string, PieceKind<unknown>],
      ),
    ]);
    expect(kindOf.size).toBe(pieces.size);
    expect(listed.terms.length).toBeGreaterThan(5);
    expect(root.pages.length).toBeGreaterThan(1);
    let readAsBytes = 0;
    for (const [hash, text] of pieces) {
      const kind = kindOf.get(hash)!;
      const value = (kind.parse ?? JSON.parse)(text);
      expect(kind.valid(value)).toBe(true);
      const charged = kind.bytes(value, text, latin1Json(text));
      expect(charged).toBeGreaterThanOrEqual(retainedBytes(value));
      expect(charged).toBeLessThanOrEqual(retainedBytes(value) * (4 / 3));
      if (!kind.parseBytes) continue;
      // As the worker reads it from the static assets: bytes kept, no text.
      const fromBytes = kind.parseBytes(new TextEncoder().encode(text));
      expect(kind.valid(fromBytes)).toBe(true);
      const chargedBytes = kind.bytes(fromBytes, '', true);
      expect(chargedBytes).toBeGreaterThanOrEqual(retainedBytes(fromBytes));
      expect(chargedBytes).toBeLessThanOrEqual(retainedBytes(fromBytes) * (4 / 3));
      readAsBytes += 1;
    }
    expect(readAsBytes).toBeGreaterThan(listed.terms.length);
  });
});
