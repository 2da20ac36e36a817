// What a writer that is written out again and again (`npm start`'s one-page rebuilds) keeps from
// the last time: each term's encoded postings, and each piece by what it was made of. A page
// edit changes a few hundred terms and a record chunk; every other piece comes out of the memo
// as it was, the same bytes a fresh writer would make, without encoding or hashing it again.

import type { SearchPiece } from './search-piece.ts';

export class PieceMemo {
  private segments = new Map<string, { perPage: number; segments: string[] }>();
  /** Terms whose postings changed since the last write. */
  private readonly dirty = new Set<string>();
  private pieces = new Map<string, { parts: readonly unknown[]; written: SearchPiece }>();
  /** The pieces used in the current write: the next memo holds these alone. */
  private used = new Map<string, { parts: readonly unknown[]; written: SearchPiece }>();

  /** A page added or taken out changed these terms' postings. */
  touched(terms: Iterable<string>): void {
    for (const term of terms) this.dirty.add(term);
  }

  /** A term's encoded postings, from the memo when they did not change since. */
  segmentsOf(term: string, perPage: number, encode: () => string[]): string[] {
    const kept = this.segments.get(term);
    if (kept && kept.perPage === perPage && !this.dirty.has(term)) return kept.segments;
    const segments = encode();
    this.segments.set(term, { perPage, segments });
    return segments;
  }

  /** The piece `make` writes, or the same piece as last time when it is made of the same `parts`. */
  piece<Piece extends SearchPiece>(key: string, parts: readonly unknown[], make: () => Piece): Piece {
    const kept = this.pieces.get(key);
    const same = kept && kept.parts.length === parts.length && kept.parts.every((part, i) => part === parts[i]);
    const written = same ? (kept.written as Piece) : make();
    this.used.set(key, { parts, written });
    return written;
  }

  /** A write is done: what it used is the memo now. */
  written(): void {
    this.pieces = this.used;
    this.used = new Map();
    this.dirty.clear();
  }
}
