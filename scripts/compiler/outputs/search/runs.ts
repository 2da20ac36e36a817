// A kept writer's write (`npm start`'s one-page rebuilds) walked every entry of the index for the
// few an edit touched: every term for the term pieces' cuts, both orders of the vocabulary for the
// vocabulary pieces', every page for the record and heading chunks'. A cut is decided by the
// entries back to the cut before (cuts.ts), and by the entry after it at most: so the pieces a
// write made from a cut to the next (a run) come out the same, byte for byte, in a later write that
// reaches the same first entry after a cut, as long as no entry of the run, nor the one after it,
// changed. RunWalk finds those runs, takes them whole from the memo, and notes the runs made anew.

import { endsAfter, type CutRule } from './cuts.ts';
import type { PieceMemo, PieceRun } from './piece-memo.ts';
import type { SearchPiece } from './search-piece.ts';

/**
 * `entries` in pieces, each ending after an entry chosen as cuts.ts says (`rule`; `sizeOf` and
 * `hashOf` an entry's bytes and hash); `close` makes a piece of its entries, under a memo key when
 * it has a memo. With `runs`, a run of the last write is taken whole where it can be.
 */
export function* cutPieces<Entry extends string | number, Piece extends SearchPiece>(
  entries: Entry[],
  rule: CutRule,
  sizeOf: (entry: Entry) => number,
  hashOf: (entry: Entry) => number,
  close: (held: Entry[]) => { written: Piece; key: string },
  runs?: RunWalk<Entry>,
): Generator<Piece> {
  let held: Entry[] = [];
  let size = 0;
  const closed = (end: number) => {
    const { written, key } = close(held);
    held = [];
    size = 0;
    return runs ? runs.closed(written, key, end) : written;
  };
  for (let at = 0; at < entries.length; at++) {
    if (runs && held.length === 0) {
      const kept = runs.kept(at);
      if (kept) {
        yield* kept.written as Piece[];
        at += kept.count - 1;
        continue;
      }
    }
    const entry = entries[at]!;
    runs?.open(at);
    held.push(entry);
    const own = sizeOf(entry);
    size += own;
    if (size >= rule.max || endsAfter(hashOf(entry), own, size, rule)) yield closed(at + 1);
  }
  if (held.length > 0) yield closed(entries.length);
}

export class RunWalk<Entry extends string | number> {
  /** Entries changed since the last write, in the entries' order (once a run is looked at); the first not passed. */
  private changed: Entry[] | undefined;
  private passed = 0;
  /** The run being made: where it began (-1: none), and its pieces so far. */
  private start = -1;
  private keys: string[] = [];
  private written: SearchPiece[] = [];

  /**
   * `entries`: this write's, in `order`; `changed`: the entries changed since the last write (any
   * order; one no longer among the entries included); `perPage`: what else the pieces are made with.
   */
  constructor(
    private readonly memo: PieceMemo,
    private readonly kind: string,
    private readonly entries: Entry[],
    private readonly order: (a: Entry, b: Entry) => number,
    private readonly changedSince: Iterable<Entry>,
    private readonly perPage: number,
  ) {}

  /**
   * The last write's run that began at entry `at`, when it can be taken whole (a cut falls before
   * `at`, which the caller knows): its pieces are then this write's too.
   */
  kept(at: number): PieceRun | undefined {
    const first = this.entries[at]!;
    const run = this.memo.run(this.kind, first);
    if (!run || run.perPage !== this.perPage || this.entries[at + run.count] !== run.next) return undefined;
    // Sorted once there is a run to keep: never in a writer's first write, where every entry changed.
    const changed = (this.changed ??= [...this.changedSince].sort(this.order));
    while (this.passed < changed.length && this.order(changed[this.passed]!, first) < 0) this.passed++;
    const next = changed[this.passed];
    if (next !== undefined && (run.next === undefined || this.order(next, run.next as Entry) <= 0)) return undefined;
    this.memo.keepRun(this.kind, run);
    return run;
  }

  /** Entry `at` goes into the run being made (beginning it if none is). */
  open(at: number): void {
    if (this.start < 0) this.start = at;
  }

  /** A piece of the run being made, under memo key `key`. */
  add<Piece extends SearchPiece>(written: Piece, key: string): Piece {
    this.keys.push(key);
    this.written.push(written);
    return written;
  }

  /** The run's last piece: a cut falls before entry `end`. */
  closed<Piece extends SearchPiece>(written: Piece, key: string, end: number): Piece {
    this.add(written, key);
    const first = this.entries[this.start]!;
    this.memo.addRun(this.kind, {
      first,
      count: end - this.start,
      next: this.entries[end],
      keys: this.keys,
      written: this.written,
      perPage: this.perPage,
    });
    this.start = -1;
    this.keys = [];
    this.written = [];
    return written;
  }
}
