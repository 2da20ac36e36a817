// Search pieces served as static assets are read as their UTF-8 text: accented and non-Latin
// words of the docs come back intact, and a missing piece is the store failing, not an empty index.

import { describe, expect, it } from 'vitest';
import { searchPiecePath } from '../../../../../client/contract/urls.ts';
import type { SearchRef } from '../../../../../client/contract/storage.ts';
import { StoreUnavailable } from '../../../../../worker/services/kv-reads.ts';
import { readSearchPiece } from '../../../../../worker/services/search/pieces.ts';

const ref: SearchRef = { store: 'assets', directory: 'root' };

/** An ASSETS binding serving `files` (path → bytes), 404 for anything else. */
function assets(files: Record<string, Uint8Array<ArrayBuffer>>) {
  return {
    fetch: async (input: string) => {
      const body = files[new URL(input).pathname];
      return body ? new Response(body) : new Response('not found', { status: 404 });
    },
  } as unknown as Fetcher;
}

describe('reading a search piece from the static assets', () => {
  it('decodes UTF-8 across characters of every width, without a leading byte-order mark', async () => {
    const text = '{"terms":["café","naïve","日本語","emoji 🔍"]}';
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    const env = { ASSETS: assets({ [searchPiecePath('abc')]: bytes }) } as Parameters<typeof readSearchPiece>[0];
    expect(await readSearchPiece(env, ref, 'abc')).toBe(text);
  });

  it('reports a missing piece as the store being unavailable, naming its path', async () => {
    const env = { ASSETS: assets({}) } as Parameters<typeof readSearchPiece>[0];
    const read = readSearchPiece(env, ref, 'gone');
    await expect(read).rejects.toBeInstanceOf(StoreUnavailable);
    await expect(read).rejects.toThrow(searchPiecePath('gone'));
  });
});
