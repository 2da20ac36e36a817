// A record chunk read from the static assets keeps its bytes and decodes only the page a hit is
// on: the pages read back as they were written, whatever the width of their characters, and a
// chunk written before chunks recorded where each page's bytes end is still read whole.

import { describe, expect, it } from 'vitest';
import { searchPiecePath, type SearchRef } from '../../client/model.ts';
import { chunkPage, decodeRecordChunk, decodeRecordChunkBytes, encodeRecordChunk } from '../../client/search-pieces.ts';
import { encodePageRecords } from '../../client/search-page-records.ts';
import type { CompactRecord } from '../../client/search-options.ts';
import { pieceKinds } from '../../worker/services/search/piece-kinds.ts';
import { forgetSearchPieces, loadPiece } from '../../worker/services/search/pieces.ts';

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
