// Which record chunk holds a page: a version-6 index lists them in page directory pieces, read
// together for the pages a search shows; an older directory listed every chunk itself.

import {
  lastStartingAtOrBefore,
  type ChunkEntry,
  type SearchDirectory,
} from '../../../client/contract/index-pieces.ts';
import { pieceKinds as kinds } from './piece-kinds.ts';
import type { PieceKind } from './pieces.ts';

/** Reads a piece of the build's index by its hash, as `kind` parses it. */
export type LoadPiece = <T>(hash: string, kind: PieceKind<T>) => Promise<T>;

/** Which chunk holds a page: `(pages, headings)` → page → chunk hash, for the pages given. */
export type ChunksOf = (pages: number[], headings: boolean) => Promise<(page: number) => string>;

// Older format (a directory before version 6): goes once every kept build records `formats` (contract/storage.ts).
/** From a directory that lists every chunk (before version 6). */
export function listedChunks(directory: SearchDirectory): ChunksOf {
  return async (_, headings) => {
    const list = (headings && directory.headingChunks) || directory.chunks;
    return (page) => list[lastStartingAtOrBefore(list, page)]![1];
  };
}

/** From the page directory pieces (version 6) of the pages asked for, read together. */
export function pageDirectoryChunks(root: ChunkEntry[], load: LoadPiece): ChunksOf {
  return async (pages, headings) => {
    const directoryOf = (page: number) => root[lastStartingAtOrBefore(root, page)]![1];
    const wanted = [...new Set(pages.map(directoryOf))];
    const read = new Map(await Promise.all(wanted.map(async (hash) => [hash, await load(hash, kinds.pages)] as const)));
    return (page) => {
      const directory = read.get(directoryOf(page))!;
      const list = headings ? directory.headingChunks : directory.chunks;
      return list[lastStartingAtOrBefore(list, page)]![1];
    };
  };
}
