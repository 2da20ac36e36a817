// What the index writer holds, written to disk once it passes a memory budget: a large site's
// postings (hundreds of MB at 100,000 pages) and its pages' records. Postings go by term range
// (a term's first two characters), each range to a file of its own, so the writer later reads back
// one range at a time, in vocabulary order; pages' records go to one file, read back by offset.
// What is read back is byte for byte what was held, so the index is the same either way.

import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TermPostings, type RemovedBlock } from './term-postings.ts';

/** A term's range: its first two UTF-16 code units, so ranges sort as their terms do. */
const rangeOf = (term: string): string => term.slice(0, 2);

const fileOf = (range: string): string =>
  `${[...range].map((_, i) => range.charCodeAt(i).toString(16).padStart(4, '0')).join('-')}.bin`;

export class SpilledPostings {
  private readonly ranges = new Set<string>();

  constructor(private readonly dir: string) {}

  /** Appends every term's held bytes to its range's file; the terms keep their counts. */
  spill(terms: Map<string, TermPostings>): void {
    const byRange = new Map<string, Buffer[]>();
    for (const [term, postings] of terms) {
      if (postings.byteLength === 0) continue;
      const range = rangeOf(term);
      let parts = byRange.get(range);
      if (!parts) byRange.set(range, (parts = []));
      parts.push(...entry(term, postings.take()));
    }
    mkdirSync(this.dir, { recursive: true });
    for (const [range, parts] of byRange) {
      appendFileSync(join(this.dir, fileOf(range)), Buffer.concat(parts));
      this.ranges.add(range);
    }
  }

  /**
   * A term's whole postings, for terms asked in vocabulary order: each range's file is read when
   * its first term is asked for, and dropped at the next range. Only the terms asked for are copied
   * out of it (a kept writer's rebuild asks for a few terms of many ranges).
   */
  reader(counts: Map<string, TermPostings>): (term: string) => TermPostings {
    let loaded: { range: string; file: Buffer; entries: Map<string, [number, number][]> } = {
      range: '',
      file: Buffer.alloc(0),
      entries: new Map(),
    };
    return (term) => {
      const range = rangeOf(term);
      if (range !== loaded.range) loaded = { range, ...this.entries(range) };
      const found = loaded.entries.get(term);
      const count = counts.get(term)?.count;
      if (!found || count === undefined) throw new Error(`search index: the postings of "${term}" were not spilled`);
      const postings = new TermPostings();
      postings.count = count;
      for (const [at, end] of found) postings.append(loaded.file.subarray(at, end));
      return postings;
    };
  }

  /** A range's file and where each of its terms' bytes are in it. */
  private entries(range: string): { file: Buffer; entries: Map<string, [number, number][]> } {
    const entries = new Map<string, [number, number][]>();
    if (!this.ranges.has(range)) return { file: Buffer.alloc(0), entries };
    const file = readFileSync(join(this.dir, fileOf(range)));
    forEachEntry(file, (term, _start, end, at) => {
      let places = entries.get(term);
      if (!places) entries.set(term, (places = []));
      places.push([at, end]);
    });
    return { file, entries };
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * Takes page `page`'s blocks out of the postings on disk of `terms` (a page edited under
   * `npm start`): each of their ranges' files is written again without them. Returns the blocks
   * taken out, by term.
   */
  removePage(page: number, terms: Iterable<string>): Map<string, RemovedBlock> {
    const removed = new Map<string, RemovedBlock>();
    const byRange = new Map<string, Set<string>>();
    for (const term of terms) {
      const range = rangeOf(term);
      if (!this.ranges.has(range)) continue;
      let set = byRange.get(range);
      if (!set) byRange.set(range, (set = new Set()));
      set.add(term);
    }
    for (const [range, wanted] of byRange) {
      const file = join(this.dir, fileOf(range));
      const bytes = readFileSync(file);
      const parts: Buffer[] = [];
      forEachEntry(bytes, (term, start, end, at) => {
        if (!wanted.has(term)) {
          parts.push(bytes.subarray(start, end));
          return;
        }
        const postings = new TermPostings();
        postings.append(bytes.subarray(at, end));
        const block = postings.removePage(page);
        if (!block) {
          parts.push(bytes.subarray(start, end));
          return;
        }
        // A page's block of a term is in one entry: it was added once.
        removed.set(term, block);
        const left = postings.take();
        if (left.length > 0) parts.push(...entry(term, left));
      });
      writeFileSync(file, Buffer.concat(parts));
    }
    return removed;
  }
}

/** A term's entry in a range file: its name's and its bytes' lengths, its name, its bytes. */
function entry(term: string, bytes: Uint8Array): Buffer[] {
  const name = Buffer.from(term, 'utf8');
  const header = Buffer.allocUnsafe(8);
  header.writeUInt32LE(name.length, 0);
  header.writeUInt32LE(bytes.length, 4);
  return [header, name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)];
}

/** Each entry of a range file: its term, where the entry starts and ends, and where its bytes start. */
function forEachEntry(file: Buffer, each: (term: string, start: number, end: number, at: number) => void): void {
  for (let start = 0; start < file.length;) {
    const nameLength = file.readUInt32LE(start);
    const length = file.readUInt32LE(start + 4);
    const at = start + 8 + nameLength;
    each(file.toString('utf8', start + 8, at), start, at + length, at);
    start = at + length;
  }
}

/**
 * Texts by key (a page's number, a piece's hash), appended to one file and read back by offset. A
 * text written again is appended again; its place is where it was last written.
 */
export class SpilledTexts<Key = number> {
  private readonly file: string;
  private size = 0;
  /** Offset, bytes and characters of each text. */
  private readonly where = new Map<Key, [number, number, number]>();
  private fd: number | undefined;
  /** Texts `put` and not yet written. */
  private readonly pending = new Map<Key, string>();
  private pendingLength = 0;

  constructor(
    private readonly dir: string,
    name: string,
  ) {
    this.file = join(dir, `${name}.txt`);
  }

  /** Writes the texts out; the map is emptied. */
  spill(texts: Map<Key, string>): void {
    const parts: Buffer[] = [];
    for (const [key, text] of texts) {
      const bytes = Buffer.from(text, 'utf8');
      this.where.set(key, [this.size, bytes.length, text.length]);
      this.size += bytes.length;
      parts.push(bytes);
    }
    if (parts.length === 0) return;
    mkdirSync(this.dir, { recursive: true });
    appendFileSync(this.file, Buffer.concat(parts));
    texts.clear();
  }

  /** Writes one text out (gathered into writes of a few MB). */
  put(key: Key, text: string): void {
    this.pending.set(key, text);
    this.pendingLength += text.length;
    if (this.pendingLength > 4 * 2 ** 20) this.flush();
  }

  private flush(): void {
    this.spill(this.pending);
    this.pendingLength = 0;
  }

  /** Forgets a key's text (its bytes stay in the file, unread). */
  delete(key: Key): void {
    this.flush();
    this.where.delete(key);
  }

  keys(): Key[] {
    this.flush();
    return [...this.where.keys()];
  }

  /** The text's length in characters, without reading it. */
  length(key: Key): number {
    this.flush();
    return this.where.get(key)![2];
  }

  /** Where the text was last written: it tells a text written again from the one before. */
  offset(key: Key): number {
    this.flush();
    return this.where.get(key)![0];
  }

  get(key: Key): string {
    const pending = this.pending.get(key);
    if (pending !== undefined) return pending;
    const [offset, length] = this.where.get(key)!;
    this.fd ??= openSync(this.file, 'r');
    const bytes = Buffer.allocUnsafe(length);
    readSync(this.fd, bytes, 0, length, offset);
    return bytes.toString('utf8');
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
