// What the index writer holds, written to disk once it passes a memory budget: a large site's
// postings (hundreds of MB at 100,000 pages) and its pages' records. Postings go by term range
// (a term's first two characters), each range to a file of its own, so the writer later reads back
// one range at a time, in vocabulary order; pages' records go to one file, read back by offset.
// What is read back is byte for byte what was held, so the index is the same either way.

import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { blockRuns, TermPostings, type PostingsSource, type RemovedBlock } from './term-postings.ts';

/** A term's range: its first two UTF-16 code units, so ranges sort as their terms do. */
const rangeOf = (term: string): string => term.slice(0, 2);

const fileOf = (range: string): string =>
  `${[...range].map((_, i) => range.charCodeAt(i).toString(16).padStart(4, '0')).join('-')}.bin`;

/** Numbers an indexed entry's place takes: where its bytes start and end, its lowest and highest page. */
const placeStride = 4;

export class SpilledPostings {
  private readonly ranges = new Set<string>();
  /**
   * With `indexed` (a kept writer's, which takes pages out and is written again after an edit):
   * each range file's size, where each term's entries' bytes are and which pages they span
   * ([at, end, lowest page, highest page, …]), and the pages taken out of an entry (by term, then
   * the entry's `at`). An edit then reads the few terms it touched, not whole range files; a page
   * taken out is looked for only in the entries that span it, and noted rather than written again.
   * A common term's postings spilled at once (megabytes on a large site) go as entries of about
   * `run` bytes, so an edit reads the few near its page, not all of them.
   */
  private readonly index?: {
    run: number;
    sizes: Map<string, number>;
    places: Map<string, number[]>;
    dropped: Map<string, Map<number, number[]>>;
  };

  /** `indexed`: with entries of about `run` bytes. */
  constructor(
    private readonly dir: string,
    indexed?: { run: number },
  ) {
    if (indexed) this.index = { run: indexed.run, sizes: new Map(), places: new Map(), dropped: new Map() };
  }

  /**
   * Appends every term's held bytes to its range's file; the terms keep their counts. Indexed, a
   * term's bytes go as entries of whole blocks of about `run` bytes, each noted with the pages it spans.
   */
  spill(terms: Map<string, TermPostings>): void {
    const byRange = new Map<string, { parts: Buffer[]; size: number }>();
    for (const [term, postings] of terms) {
      if (postings.byteLength === 0) continue;
      const range = rangeOf(term);
      let file = byRange.get(range);
      if (!file) byRange.set(range, (file = { parts: [], size: this.index?.sizes.get(range) ?? 0 }));
      const bytes = postings.take();
      if (!this.index) {
        file.parts.push(...entry(term, bytes));
        continue;
      }
      let found = this.index.places.get(term);
      if (!found) this.index.places.set(term, (found = []));
      let start = 0;
      for (const { end, low, high } of blockRuns(bytes, this.index.run)) {
        const [header, name, run] = entry(term, bytes.subarray(start, end));
        const at = file.size + header!.length + name!.length;
        found.push(at, at + run!.length, low, high);
        file.parts.push(header!, name!, run!);
        file.size = at + run!.length;
        start = end;
      }
    }
    mkdirSync(this.dir, { recursive: true });
    for (const [range, { parts }] of byRange) {
      const bytes = Buffer.concat(parts);
      appendFileSync(join(this.dir, fileOf(range)), bytes);
      this.index?.sizes.set(range, (this.index.sizes.get(range) ?? 0) + bytes.length);
      this.ranges.add(range);
    }
  }

  /**
   * A term's whole postings, for terms asked in vocabulary order: each range's file is read when
   * its first term is asked for, and dropped at the next range. Only the terms asked for are copied
   * out of it. `few`: only a few terms will be asked for (a kept writer's rebuild, indexed), so each
   * term's own bytes are read instead.
   */
  reader(counts: Map<string, TermPostings>, few = false): (term: string) => PostingsSource {
    if (this.index && (few || this.index.dropped.size > 0)) return (term) => this.termPostings(term, counts);
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

  /**
   * A term's postings read from its own entries (indexed), for each span of ids asked for only the
   * entries whose pages can fall in it: an edit encodes a common word again from the segment
   * holding the page on, a small part of its megabytes.
   */
  private termPostings(term: string, counts: Map<string, TermPostings>): PostingsSource {
    const places = this.index!.places.get(term);
    const count = counts.get(term)?.count;
    if (!places || count === undefined) throw new Error(`search index: the postings of "${term}" were not spilled`);
    return {
      count,
      sortedPostings: (perPage, from = 0, to = Infinity) => {
        const low = Math.floor(from / perPage);
        const high = to === Infinity ? Infinity : Math.floor((to - 1) / perPage);
        const postings = new TermPostings();
        for (let i = 0; i < places.length; i += placeStride) {
          if (places[i + 3]! < low || places[i + 2]! > high) continue;
          postings.append(this.entryBytes(term, places[i]!, places[i + 1]!));
        }
        return postings.sortedPostings(perPage, from, to);
      },
    };
  }

  /**
   * The range file read last, left open: a term's entries are all in its range's file, and terms
   * are read in order, so one file serves many reads (opening it for each entry was most of an
   * edit's cost on a large site). Files are only appended to, so it reads what a spill adds too.
   */
  private opened?: { path: string; fd: number };

  private fileFor(term: string): number {
    const path = join(this.dir, fileOf(rangeOf(term)));
    if (this.opened?.path === path) return this.opened.fd;
    this.closeFile();
    const fd = openSync(path, 'r');
    this.opened = { path, fd };
    return fd;
  }

  /** Closes the range file left open (reads open it again when needed). */
  closeFile(): void {
    if (this.opened) closeSync(this.opened.fd);
    this.opened = undefined;
  }

  /** Bytes of postings a kept writer's reads took from the range files so far (for the curious and the tests). */
  bytesRead = 0;

  /** The bytes of a term's entry at `at`, without the pages taken out of it. */
  private entryBytes(term: string, at: number, end: number): Uint8Array {
    const bytes = Buffer.allocUnsafe(end - at);
    this.bytesRead += bytes.length;
    readSync(this.fileFor(term), bytes, 0, bytes.length, at);
    const dropped = this.index!.dropped.get(term)?.get(at);
    if (!dropped) return bytes;
    const postings = new TermPostings();
    postings.append(bytes);
    for (const page of dropped) postings.removePage(page);
    return postings.take();
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
    this.closeFile();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * Takes page `page`'s blocks out of the postings on disk of `terms` (a page edited under
   * `npm start`; indexed only): each term's entries are read, and the one holding the page's block
   * notes it as taken out. Returns the blocks taken out, by term.
   */
  removePage(page: number, terms: Iterable<string>): Map<string, RemovedBlock> {
    if (!this.index) throw new Error('search index: only indexed postings on disk can take pages out');
    const { places, dropped } = this.index;
    const removed = new Map<string, RemovedBlock>();
    for (const term of terms) {
      const found = places.get(term) ?? [];
      for (let i = 0; i < found.length; i += placeStride) {
        if (page < found[i + 2]! || page > found[i + 3]!) continue;
        // Taken out of this entry before (an edit before this one): its block is in a later one.
        if (dropped.get(term)?.get(found[i]!)?.includes(page)) continue;
        const postings = new TermPostings();
        postings.append(this.entryBytes(term, found[i]!, found[i + 1]!));
        const block = postings.removePage(page);
        if (!block) continue;
        // A page's block of a term is in one entry (it was added once, or taken out of the others).
        removed.set(term, block);
        let entries = dropped.get(term);
        if (!entries) dropped.set(term, (entries = new Map()));
        entries.set(found[i]!, [...(entries.get(found[i]!) ?? []), page]);
        break;
      }
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
