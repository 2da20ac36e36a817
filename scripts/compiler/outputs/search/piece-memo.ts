// What a writer that is written out again and again (`npm start`'s one-page rebuilds) keeps from
// the last time: each term's encoded length and whether it changed since, and each piece by what it
// was made of. A page edit changes a few hundred terms and a record chunk; every other piece comes
// out of the memo as it was, the same bytes a fresh writer would make, without encoding or hashing
// it again. Texts are kept on disk when the writer spilled (`texts`), so a large site's index is
// not held twice; a reused piece reads its text only if asked for it.

import type { SearchPiece } from './search-piece.ts';
import type { EarlierSegments, EncodedSegments, SegmentLayout } from './term-segments.ts';

/** Where a memo keeps its pieces' texts out of memory (spill.ts `PieceTexts`). */
export interface PieceTextStore {
  put(hash: string, text: string): void;
  get(hash: string): string;
}

/**
 * Entries in a row (terms in an order, pages) that a write made into pieces from a cut to the next:
 * the same entries, unchanged, after the same cut make the same pieces, so a later write takes them
 * as they were without walking its entries. `next`: the entry after its last, which some cuts read.
 */
export interface PieceRun {
  first: string | number;
  /** How many entries it holds. */
  count: number;
  next: string | number | undefined;
  /** The pieces, under their memo keys, and as written, in order. */
  keys: string[];
  written: SearchPiece[];
  /** What the pieces were made with besides the entries (a term piece's ids per page). */
  perPage: number;
}

export class PieceMemo {
  /**
   * Each term's segments as last encoded, for the `perPage` they were encoded with: where they lie
   * for a term of several, the one's length otherwise.
   */
  private readonly layouts = new Map<string, { perPage: number; generation: number; layout: SegmentLayout | number }>();
  /** Bumped when a term's postings change: the parts a term piece is made of. */
  private readonly generations = new Map<string, number>();
  /**
   * The lowest and highest page whose block of a term changed since its segments were encoded;
   * kept from the first write on (before it, every term is encoded whole anyway).
   */
  private readonly changedPages = new Map<string, [number, number]>();
  private writtenOnce = false;
  private tokens = 0;
  private pieces = new Map<string, { parts: readonly unknown[]; written: SearchPiece }>();
  /** The pieces used in the current write: the next memo holds these alone. */
  private used = new Map<string, { parts: readonly unknown[]; written: SearchPiece }>();
  /** Terms and pages touched since the last write (none are noted before the first: it has no runs to keep). */
  private readonly dirty = new Set<string>();
  private readonly dirtyPages = new Set<number>();
  /** The runs of the last write, by kind, then first entry; those of the current one. */
  private runs = new Map<string, Map<string | number, PieceRun>>();
  private runsNow = new Map<string, Map<string | number, PieceRun>>();

  /** `store`: where texts go, once there is one (a writer that spilled). */
  constructor(private readonly store: () => PieceTextStore | undefined = () => undefined) {}

  /**
   * Page `page`, added or taken out, changed these terms' postings. Before the first write nothing
   * was encoded, so there is nothing to tell apart: the first build's millions of terms go by
   * without a count each (a term's generation is 0 until a write encoded it and an edit touched it).
   */
  touched(terms: Iterable<string>, page: number): void {
    if (!this.writtenOnce) return;
    for (const term of terms) this.touchedTerm(term, page);
  }

  /** `touched` for one term, without a list made for it (called for every term a page adds). */
  touchedTerm(term: string, page: number): void {
    if (!this.writtenOnce) return;
    this.generations.set(term, (this.generations.get(term) ?? 0) + 1);
    this.dirty.add(term);
    const range = this.changedPages.get(term);
    if (range) this.changedPages.set(term, [Math.min(range[0], page), Math.max(range[1], page)]);
    else this.changedPages.set(term, [page, page]);
  }

  /** Page `page` was added or taken out: its records changed. */
  touchedPage(page: number): void {
    if (this.writtenOnce) this.dirtyPages.add(page);
  }

  /** A new name for a segment encoded now (segments.ts). */
  token(): number {
    return ++this.tokens;
  }

  /** What tells a term's postings from what they were at the last write. */
  generation(term: string): number {
    return this.generations.get(term) ?? 0;
  }

  /**
   * A term's segments' lengths (and tokens, for a term of several), from the memo when it did not
   * change since; else `encode` gives them, from the last write's when the term had several (so
   * only what the changed pages touch is encoded), with the texts of the segments encoded now.
   */
  segmentsOf(
    term: string,
    perPage: number,
    encode: (earlier?: EarlierSegments) => EncodedSegments,
  ): { lengths: number[]; tokens?: number[]; texts?: Map<number, string> } {
    const kept = this.layouts.get(term);
    const generation = this.generation(term);
    const same = kept?.perPage === perPage;
    if (kept && same && kept.generation === generation)
      return typeof kept.layout === 'number' ? { lengths: [kept.layout] } : kept.layout;
    const changed = this.changedPages.get(term);
    const earlier =
      kept && same && changed && typeof kept.layout !== 'number'
        ? { layout: kept.layout, low: changed[0], high: changed[1] }
        : undefined;
    const { layout, texts } = encode(earlier);
    this.changedPages.delete(term);
    const several = layout.lengths.length > 1;
    this.layouts.set(term, { perPage, generation, layout: several ? layout : layout.lengths[0]! });
    return { ...layout, texts };
  }

  /** The piece the last write made under `key`, and what it was made of (for `make` to reuse its unchanged parts). */
  earlier(key: string): { parts: readonly unknown[]; text: string } | undefined {
    const kept = this.pieces.get(key);
    return kept && { parts: kept.parts, text: kept.written.text };
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

  /** The terms touched since the last write. */
  touchedSince(): ReadonlySet<string> {
    return this.dirty;
  }

  /** The pages added or taken out since the last write. */
  pagesTouchedSince(): ReadonlySet<number> {
    return this.dirtyPages;
  }

  /** The run of kind `kind` the last write began at `first` (runs.ts). */
  run(kind: string, first: string | number): PieceRun | undefined {
    return this.runs.get(kind)?.get(first);
  }

  /** Uses `run`, a run of the last write, again in this one. */
  keepRun(kind: string, run: PieceRun): void {
    for (const key of run.keys) this.used.set(key, this.pieces.get(key)!);
    this.addRun(kind, run);
  }

  /** A run this write made (its pieces went through `piece` under `keys`). */
  addRun(kind: string, run: PieceRun): void {
    let ofKind = this.runsNow.get(kind);
    if (!ofKind) this.runsNow.set(kind, (ofKind = new Map()));
    ofKind.set(run.first, run);
  }

  /** A write is done: what it used is the memo now. */
  written(): void {
    this.writtenOnce = true;
    this.pieces = this.used;
    this.used = new Map();
    this.runs = this.runsNow;
    this.runsNow = new Map();
    this.dirty.clear();
    this.dirtyPages.clear();
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
