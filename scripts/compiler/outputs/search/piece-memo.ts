// What a writer that is written out again and again (`npm start`'s one-page rebuilds) keeps from
// the last time: each term's encoded length and whether it changed since, and each piece by what it
// was made of. A page edit changes a few hundred terms and a record chunk; every other piece comes
// out of the memo as it was, the same bytes a fresh writer would make, without encoding or hashing
// it again. Texts are kept on disk when the writer spilled (`texts`), so a large site's index is
// not held twice; a reused piece reads its text only if asked for it.

import type { SearchPiece } from './search-piece.ts';

/** Where a memo keeps its pieces' texts out of memory (spill.ts `PieceTexts`). */
export interface PieceTextStore {
  put(hash: string, text: string): void;
  get(hash: string): string;
}

export class PieceMemo {
  /** Each term's encoded segments' lengths, for the `perPage` they were encoded with. */
  private readonly lengths = new Map<string, { perPage: number; lengths: number[]; generation: number }>();
  /** Bumped when a term's postings change: the parts a term piece is made of. */
  private readonly generations = new Map<string, number>();
  private pieces = new Map<string, { parts: readonly unknown[]; written: SearchPiece }>();
  /** The pieces used in the current write: the next memo holds these alone. */
  private used = new Map<string, { parts: readonly unknown[]; written: SearchPiece }>();

  /** `store`: where texts go, once there is one (a writer that spilled). */
  constructor(private readonly store: () => PieceTextStore | undefined = () => undefined) {}

  /** A page added or taken out changed these terms' postings. */
  touched(terms: Iterable<string>): void {
    for (const term of terms) this.generations.set(term, (this.generations.get(term) ?? 0) + 1);
  }

  /** What tells a term's postings from what they were at the last write. */
  generation(term: string): number {
    return this.generations.get(term) ?? 0;
  }

  /**
   * A term's encoded segments' lengths, from the memo when it did not change since; `encode` gives
   * the segments themselves, which the caller gets back only when they were encoded now.
   */
  lengthsOf(term: string, perPage: number, encode: () => string[]): { lengths: number[]; segments?: string[] } {
    const kept = this.lengths.get(term);
    if (kept && kept.perPage === perPage && kept.generation === this.generation(term)) return { lengths: kept.lengths };
    const segments = encode();
    const lengths = segments.map((segment) => segment.length);
    this.lengths.set(term, { perPage, lengths, generation: this.generation(term) });
    return { lengths, segments };
  }

  /** The piece `make` writes, or the same piece as last time when it is made of the same `parts`. */
  piece<Piece extends SearchPiece>(key: string, parts: readonly unknown[], make: () => Piece): Piece {
    const kept = this.pieces.get(key);
    if (kept && kept.parts.length === parts.length && kept.parts.every((part, i) => part === parts[i])) {
      this.used.set(key, kept);
      return kept.written as Piece;
    }
    const made = make();
    this.used.set(key, { parts, written: this.held(made) });
    return made;
  }

  /** A write is done: what it used is the memo now. */
  written(): void {
    this.pieces = this.used;
    this.used = new Map();
  }

  /** The piece as the memo keeps it: with a store, its text goes to disk and is read again when asked for. */
  private held<Piece extends SearchPiece>(piece: Piece): Piece {
    const texts = this.store();
    if (!texts) return piece;
    texts.put(piece.hash, piece.text);
    const { text: _text, ...rest } = piece;
    return Object.defineProperty({ ...rest }, 'text', { enumerable: true, get: () => texts.get(piece.hash) }) as Piece;
  }
}
