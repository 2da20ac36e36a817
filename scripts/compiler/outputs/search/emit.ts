// The build's search step: the split index of every page's records, written where the worker
// will read it (static assets for deployed builds, KV when the build has no client).

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { kvKeys, type SearchRef } from '../../../../client/contract/storage.ts';
import { searchPiecePath } from '../../../../client/contract/urls.ts';
import type { KvWriter } from '../kv-writer.ts';
import type { SearchIndexWriter } from './index-writer.ts';

/** Writes every piece (the directory last) and returns where the worker finds them. */
export async function emitSearchIndex(
  writer: SearchIndexWriter,
  store: SearchRef['store'],
  outDir: string,
  kv: KvWriter,
): Promise<SearchRef> {
  if (store === 'assets')
    await mkdir(dirname(join(outDir, 'client', searchPiecePath('directory'))), { recursive: true });
  let directory = '';
  for (const piece of writer.pieces()) {
    // A piece's name is its content hash already (pieceHash is contentHash).
    if (store === 'kv') directory = await kv.putContent(kvKeys.searchPiece, piece.text, piece.hash);
    else {
      await writeFile(join(outDir, 'client', searchPiecePath(piece.hash)), piece.text);
      directory = piece.hash;
    }
  }
  return { store, directory };
}
