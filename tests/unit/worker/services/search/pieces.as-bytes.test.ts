// Record chunks and term pieces read from the static assets keep their bytes and decode only what
// a search shows: the page a hit is on, the postings of the terms it looks up. What they read back
// is what the text form reads, whatever the width of the characters, and pieces written before
// (no byte ends in a chunk; a term piece as one object) still read, and answer, the same.

import { describe, expect, it } from 'vitest';
import { searchPiecePath } from '../../../../../client/contract/urls.ts';
import type { SearchRef } from '../../../../../client/contract/storage.ts';
import {
  chunkPage,
  decodeRecordChunk,
  decodeRecordChunkBytes,
  encodeRecordChunk,
} from '../../../../../client/contract/record-chunks.ts';
import {
  decodeTermPiece,
  decodeTermPieceBytes,
  termPostingsText,
  type TermPiece,
} from '../../../../../client/contract/index-pieces.ts';
import { encodePageRecords } from '../../../../../client/contract/search-records.ts';
import type { CompactRecord } from '../../../../../client/contract/search-records.ts';
import { latin1Json } from '../../../../../worker/services/search/piece-cache.ts';
import { pieceKinds } from '../../../../../worker/services/search/piece-kinds.ts';
import { forgetSearchPieces, loadPiece } from '../../../../../worker/services/search/pieces.ts';
import { flatDirectory, openIndex, writeIndex } from '../../../support/search-index.ts';
import { random, syntheticPage, zipfVocabulary } from '../../../support/synthetic-pages.ts';

const heading = (title: string) => [title, null, null, null, null, null, null];

/** A page whose text has characters of one, two, three and four UTF-8 bytes, and a lone surrogate. */
const widePage = [
  ['w1', '/café', 'lvl1', heading('Café naïve'), null, 0],
  ['w2', '/café#日本語', 'lvl2', ['Café naïve', '日本語の見出し', null, null, null, null, null], null, 1],
  [
    'w3',
    '/café#日本語',
    'content',
    ['Café naïve', '日本語の見出し', null, null, null, null, null],
    'Σίγμα 🔍 emoji',
    2,
  ],
  [
    'w4',
    '/café#日本語',
    'content',
    ['Café naïve', '日本語の見出し', null, null, null, null, null],
    'lone \ud800 half',
    3,
  ],
] as CompactRecord[];
const plainPage = [
  ['p1', '/plain', 'lvl1', heading('Plain'), null, 0],
  ['p2', '/plain', 'content', heading('Plain'), 'After the wide page', 1],
] as CompactRecord[];
/** What a page reads back as: a lone surrogate becomes the replacement character, as UTF-8 stores it. */
const stored = (records: CompactRecord[]) =>
  JSON.parse(new TextDecoder().decode(new TextEncoder().encode(JSON.stringify(records))));

const chunkText = encodeRecordChunk(
  [7, 8, 9],
  [encodePageRecords(plainPage), encodePageRecords(widePage), encodePageRecords(plainPage)],
);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('a record chunk read as bytes', () => {
  it('reads every page as the text form reads it, after pages of wide characters', () => {
    const fromBytes = decodeRecordChunkBytes(utf8(chunkText));
    expect(fromBytes.body).toBeInstanceOf(Uint8Array);
    expect(fromBytes.pages).toEqual([7, 8, 9]);
    const fromText = decodeRecordChunk(chunkText);
    for (const i of [0, 1, 2])
      expect(chunkPage(fromBytes, i)).toEqual(stored(chunkPage(fromText, i) as CompactRecord[]));
    expect(chunkPage(fromBytes, 1)).toEqual(stored(widePage));
    expect(chunkPage(fromBytes, 2)).toEqual(plainPage);
  });

  it('reads a chunk written before byte ends whole, as the text form does', () => {
    const [header, body] = [chunkText.slice(0, chunkText.indexOf('\n')), chunkText.slice(chunkText.indexOf('\n') + 1)];
    const { pages, ends } = JSON.parse(header) as { pages: number[]; ends: number[] };
    const older = `${JSON.stringify({ pages, ends })}\n${body}`;
    const chunk = decodeRecordChunkBytes(utf8(older));
    expect(typeof chunk.body).toBe('string');
    expect(chunkPage(chunk, 1)).toEqual(stored(widePage));
    expect(chunkPage(chunk, 2)).toEqual(plainPage);
    // A version 3 chunk (one object, no header line) too.
    const v3 = decodeRecordChunkBytes(utf8(JSON.stringify({ pages: [4], records: [plainPage] })));
    expect(chunkPage(v3, 0)).toEqual(plainPage);
  });

  it('is what the worker keeps for a chunk from the static assets, and text from KV', async () => {
    forgetSearchPieces();
    const bytes = utf8(chunkText);
    const assets = {
      fetch: async (input: string) =>
        new URL(input).pathname === searchPiecePath('chunk') ? new Response(bytes) : new Response('', { status: 404 }),
    } as unknown as Fetcher;
    const fromAssets = await loadPiece(
      { ASSETS: assets } as never,
      { store: 'assets', directory: 'root' } as SearchRef,
      'chunk',
      pieceKinds.records,
    );
    expect(fromAssets.body).toBeInstanceOf(Uint8Array);
    expect(chunkPage(fromAssets, 1)).toEqual(stored(widePage));

    forgetSearchPieces();
    const kv = { get: async (key: string) => (key.endsWith('chunk') ? chunkText : null) } as unknown as KVNamespace;
    const fromKv = await loadPiece(
      { CONTENT: kv } as never,
      { store: 'kv', directory: 'root' } as SearchRef,
      'chunk',
      pieceKinds.records,
    );
    expect(typeof fromKv.body).toBe('string');
    expect(chunkPage(fromKv, 1)).toEqual(stored(widePage));
    forgetSearchPieces();
  });
});

describe('a term piece read as bytes', () => {
  const rand = random(11);
  const vocabulary = zipfVocabulary(1500, rand);
  const records = Array.from({ length: 50 }, (_, page) => syntheticPage(page, vocabulary, rand, 12)).flat();
  const written = writeIndex(records, { terms: 1024, longTerm: 2048, vocabulary: 4096, records: 4096 });
  const termHashes = [...new Set(flatDirectory(written).terms.map(([, hash]) => hash))];
  /** The piece as builds before wrote it: one JSON object with a postings string a term. */
  const older = (piece: TermPiece) =>
    JSON.stringify({ terms: piece.terms, postings: piece.terms.map((_, i) => termPostingsText(piece, i)) });

  it('gives every term the postings its text gives, as does a piece an older build wrote', () => {
    expect(termHashes.length).toBeGreaterThan(10);
    for (const hash of termHashes) {
      const text = written.pieces.get(hash)!;
      const fromText = decodeTermPiece(text);
      const fromBytes = decodeTermPieceBytes(utf8(text), latin1Json);
      expect(fromBytes.body).toBeInstanceOf(Uint8Array);
      expect(fromBytes.terms).toEqual(fromText.terms);
      const old = older(fromText);
      for (const piece of [fromBytes, decodeTermPiece(old), decodeTermPieceBytes(utf8(old), latin1Json)])
        fromText.terms.forEach((_, i) => expect(termPostingsText(piece, i)).toBe(termPostingsText(fromText, i)));
    }
  });

  it('answers as the text does, and as an index whose term pieces an older build wrote', async () => {
    const olderPieces = new Map(written.pieces);
    for (const hash of termHashes) olderPieces.set(hash, older(decodeTermPiece(written.pieces.get(hash)!)));
    const fromText = openIndex(written);
    const fromBytes = openIndex(written, { asBytes: true });
    const fromOlder = openIndex({ directory: written.directory, pieces: olderPieces }, { asBytes: true });
    const queries = [
      ...vocabulary.words.slice(0, 12),
      `${vocabulary.words[2]!} ${vocabulary.words[5]!.slice(0, 3)}`,
      `${vocabulary.words[1]!}x`,
    ];
    let found = 0;
    for (const query of queries) {
      const hits = await fromText.search(query);
      found += hits.length;
      expect(await fromBytes.search(query)).toEqual(hits);
      expect(await fromOlder.search(query)).toEqual(hits);
    }
    expect(found).toBeGreaterThan(100);
  });

  it('is what the worker keeps for a term piece from the static assets', async () => {
    forgetSearchPieces();
    const hash = termHashes[0]!;
    const bytes = utf8(written.pieces.get(hash)!);
    const assets = {
      fetch: async (input: string) =>
        new URL(input).pathname === searchPiecePath(hash) ? new Response(bytes) : new Response('', { status: 404 }),
    } as unknown as Fetcher;
    const piece = await loadPiece(
      { ASSETS: assets } as never,
      { store: 'assets', directory: 'root' } as SearchRef,
      hash,
      pieceKinds.terms,
    );
    expect(piece.body).toBeInstanceOf(Uint8Array);
    expect(termPostingsText(piece, 0)).toBe(termPostingsText(decodeTermPiece(written.pieces.get(hash)!), 0));
    forgetSearchPieces();
  });
});

describe('a piece whose lists disagree', () => {
  it.each([
    ['term piece', pieceKinds.terms, '{"terms":["a","b"],"ends":[3]}\nABC'],
    ['record chunk', pieceKinds.records, '{"pages":[1,2],"ends":[2],"byteEnds":[2]}\n[]'],
  ] as const)('is a %s the store cannot serve, read as text or as bytes', async (_, kind, text) => {
    for (const store of ['kv', 'assets'] as const) {
      forgetSearchPieces();
      const env = {
        CONTENT: { get: async () => text } as unknown as KVNamespace,
        ASSETS: { fetch: async () => new Response(utf8(text)) } as unknown as Fetcher,
      };
      await expect(loadPiece(env, { store, directory: 'root' }, 'bad', kind as never)).rejects.toThrow(
        /not the piece the directory names/,
      );
    }
    forgetSearchPieces();
  });
});
