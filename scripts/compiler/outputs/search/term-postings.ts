// Postings of one term while the build collects them: pages arrive in any order, so each page
// appends a block (page index, then each record's rank in the page and meta byte) to a growing
// byte buffer; `sortedPostings` puts the blocks in page order once, when the piece is written.
// About two bytes a posting, so a large site's postings stay a few bytes each while collected.

import { VarintBytes } from './varint-bytes.ts';

/** A page's records of a term, as `addBlock` was given them. */
export interface RemovedBlock {
  count: number;
  records: Uint8Array;
}

/** Whether a page's block is the same as the one it replaces: then the term's postings are as they were. */
export function sameBlock(removed: RemovedBlock | undefined, count: number, records: Uint8Array): boolean {
  if (removed === undefined || removed.count !== count) return false;
  const { buffer, byteOffset, length } = removed.records;
  return Buffer.from(buffer, byteOffset, length).equals(records);
}

/**
 * A term's postings as encoding its segments reads them (term-segments.ts): how many, and those of
 * a span of ids in order. `TermPostings` holds them all; a kept writer's spilled term reads, for
 * each span, only the entries on disk that can hold it (spill.ts).
 */
export interface PostingsSource {
  count: number;
  sortedPostings(perPage: number, from?: number, to?: number): { ids: Uint32Array; metas: Uint8Array };
}

export class TermPostings extends VarintBytes implements PostingsSource {
  /** Records that hold the term. */
  count = 0;

  constructor() {
    super(16);
  }

  /** The bytes held so far, which the postings no longer hold (written out by a spill, see spill.ts). */
  take(): Uint8Array {
    const taken = this.bytes.subarray(0, this.length);
    this.bytes = new Uint8Array(0);
    this.length = 0;
    return taken;
  }

  /** Blocks `take` gave, back in the order they were taken. */
  append(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  /**
   * A page's block made elsewhere (prepare-page.ts), `records[start..end)`: `count` records, each
   * a rank gap and its meta byte. Blocks are a few bytes: copied one by one, with no view made.
   */
  addBlock(pageIndex: number, records: Uint8Array, start: number, end: number, count: number): void {
    this.ensure(10 + end - start);
    this.varint(pageIndex);
    this.varint(count);
    const { bytes } = this;
    let length = this.length;
    for (let i = start; i < end; i++) bytes[length++] = records[i]!;
    this.length = length;
    this.count += count;
  }

  /**
   * Drops the block of page `pageIndex` (a page edited under `npm start`); returns its records
   * (how many, and their bytes: each a rank gap and its meta byte), if it had any.
   */
  removePage(pageIndex: number): RemovedBlock | undefined {
    const blocks = new BlockReader(this.bytes);
    while (blocks.at < this.length) {
      const start = blocks.at;
      const page = blocks.varint();
      const count = blocks.varint();
      const recordsAt = blocks.at;
      blocks.skip(count);
      if (page !== pageIndex) continue;
      const records = this.bytes.slice(recordsAt, blocks.at);
      this.bytes.copyWithin(start, blocks.at, this.length);
      this.length -= blocks.at - start;
      this.count -= count;
      return { count, records };
    }
    return undefined;
  }

  /**
   * Record ids ascending with their meta bytes; `perPage`: the first id of page p is p × perPage.
   * `from`, `to`: only the ids from `from` on, below `to` (a one-page edit encodes again the part
   * of a long list it changed).
   */
  sortedPostings(perPage: number, from = 0, to = Infinity): { ids: Uint32Array; metas: Uint8Array } {
    const blocks: { page: number; offset: number; count: number }[] = [];
    const reader = new BlockReader(this.bytes);
    const firstPage = Math.floor(from / perPage);
    const lastPage = Math.floor((to - 1) / perPage);
    let wanted = 0;
    while (reader.at < this.length) {
      const page = reader.varint();
      const count = reader.varint();
      if (page >= firstPage && page <= lastPage) {
        blocks.push({ page, offset: reader.at, count });
        wanted += count;
      }
      reader.skip(count);
    }
    blocks.sort((a, b) => a.page - b.page);
    const ids = new Uint32Array(wanted);
    const metas = new Uint8Array(wanted);
    let n = 0;
    for (const block of blocks) {
      reader.at = block.offset;
      let rank = 0;
      for (let i = 0; i < block.count; i++) {
        rank += reader.varint();
        const id = block.page * perPage + rank;
        const meta = reader.byte();
        if (id < from || id >= to) continue;
        ids[n] = id;
        metas[n++] = meta;
      }
    }
    return n === wanted ? { ids, metas } : { ids: ids.subarray(0, n), metas: metas.subarray(0, n) };
  }
}

/** A run of whole blocks: where it ends in the bytes, and the lowest and highest page it holds. */
export interface BlockRun {
  end: number;
  low: number;
  high: number;
}

/**
 * `bytes` (blocks as `take` gives them) cut into runs of whole blocks of about `target` bytes, each
 * with the pages it spans: a spilled term's entries, so that taking a page out, or encoding again
 * the part of a common word an edit changed, reads only the runs that can hold those pages.
 */
export function blockRuns(bytes: Uint8Array, target: number): BlockRun[] {
  const runs: BlockRun[] = [];
  const reader = new BlockReader(bytes);
  let start = 0;
  let low = -1;
  let high = -1;
  while (reader.at < bytes.length) {
    const page = reader.varint();
    if (low === -1 || page < low) low = page;
    if (page > high) high = page;
    reader.skip(reader.varint());
    if (reader.at - start >= target || reader.at === bytes.length) {
      runs.push({ end: reader.at, low, high });
      start = reader.at;
      low = -1;
      high = -1;
    }
  }
  return runs;
}

/** Reads a postings buffer's blocks from `at` on: varints, and each record's meta byte. */
export class BlockReader {
  at = 0;

  constructor(private readonly bytes: Uint8Array) {}

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.at++]!;
      value += (byte & 127) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  }

  byte(): number {
    return this.bytes[this.at++]!;
  }

  /** Steps over `count` records (a rank and a meta byte each). */
  skip(count: number): void {
    for (let i = 0; i < count; i++) {
      this.varint();
      this.at++;
    }
  }
}
