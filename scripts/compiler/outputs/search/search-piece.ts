// One piece of the split search index as the build writes it: its text and the hash that names it.

import { createHash } from 'node:crypto';

export interface SearchPiece {
  hash: string;
  text: string;
  /** A page record chunk, read for a query's hits (the worker's `passing` pieces). */
  passing?: true;
}

export function pieceHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export const piece = (text: string): SearchPiece => ({ hash: pieceHash(text), text });
