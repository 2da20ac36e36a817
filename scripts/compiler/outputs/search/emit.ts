// The build's search step: the split index of every page's records, written where the worker
// will read it (static assets for deployed builds, KV when the build has no client). Workers
// Static Assets take 20,000 files a version on the free plan, 100,000 on the paid one: past the
// plan's `staticPieceFiles` a site's record chunks grow (piece-writers.ts's `recordChunkTarget`) so
// that its pieces stay files, and only a site too large for that has them go to KV.

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { kvKeys, type SearchRef } from '../../../../client/contract/storage.ts';
import { searchPiecePath } from '../../../../client/contract/urls.ts';
import type { KvWriter } from '../kv-writer.ts';
import { staticPieceFiles } from '../platform-limits.ts';
import type { SearchIndexWriter } from './index-writer.ts';

/**
 * Writes every piece (the directory last) and returns where the worker finds them: at most
 * `maxStaticPieces` of them as static files (`staticPieceFiles` of the build's plan).
 */
export async function emitSearchIndex(
  writer: SearchIndexWriter,
  store: SearchRef['store'],
  outDir: string,
  kv: KvWriter,
  maxStaticPieces: number = staticPieceFiles.free,
): Promise<SearchRef> {
  const fileOf = (hash: string) => join(outDir, 'client', searchPiecePath(hash));
  if (store === 'assets') await mkdir(dirname(fileOf('directory')), { recursive: true });
  let directory = '';
  let files = 0;
  const chunks: string[] = [];
  for (const piece of writer.pieces(store === 'assets' ? { staticPieces: maxStaticPieces } : {})) {
    // A piece's name is its content hash already (pieceHash is contentHash).
    // A piece a kept writer wrote before reads its text only if the KV does not hold it yet.
    if (store === 'kv') directory = await kv.putContent(kvKeys.searchPiece, () => piece.text, piece.hash);
    else {
      // Written without awaiting each: a large site has tens of thousands of small pieces, and an
      // asynchronous write of a small file costs a few times the CPU of a synchronous one.
      writeFileSync(fileOf(piece.hash), piece.text);
      files++;
      if (piece.passing) chunks.push(piece.hash);
      directory = piece.hash;
    }
  }
  if (store === 'kv' || files <= maxStaticPieces || chunks.length === 0) return { store, directory };
  // Written as files first: how many pieces there are is known only once they are all written.
  for (const hash of chunks) {
    const stored = await kv.putContent(kvKeys.searchPiece, readFileSync(fileOf(hash), 'utf8'));
    if (stored !== hash) throw new Error(`search piece ${hash} was stored as ${stored}: the two hashes differ`);
    rmSync(fileOf(hash));
  }
  return { store, directory, passing: 'kv' };
}
