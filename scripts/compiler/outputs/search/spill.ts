// What the index writer holds, written to disk once it passes a memory budget: a large site's
// postings (hundreds of MB at 100,000 pages) and its pages' records. Postings go by term range
// (a term's first two characters), each range to a file of its own, so the writer later reads back
// one range at a time, in vocabulary order; pages' records go to one file, read back by offset.
// What is read back is byte for byte what was held, so the index is the same either way.

import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { TermPostings } from './term-postings.ts';

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
      const name = Buffer.from(term, 'utf8');
      const bytes = postings.take();
      const header = Buffer.allocUnsafe(8);
      header.writeUInt32LE(name.length, 0);
      header.writeUInt32LE(bytes.length, 4);
      parts.push(header, name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    }
    mkdirSync(this.dir, { recursive: true });
    for (const [range, parts] of byRange) {
      appendFileSync(join(this.dir, fileOf(range)), Buffer.concat(parts));
      this.ranges.add(range);
    }
  }

  /**
   * A term's whole postings, for terms asked in vocabulary order: each range's file is read when
   * its first term is asked for, and dropped at the next range.
   */
  reader(counts: Map<string, TermPostings>): (term: string) => TermPostings {
    let loaded = { range: '', terms: new Map<string, TermPostings>() };
    return (term) => {
      const range = rangeOf(term);
      if (range !== loaded.range) loaded = { range, terms: this.load(range, counts) };
      const postings = loaded.terms.get(term);
      if (!postings) throw new Error(`search index: the postings of "${term}" were not spilled`);
      return postings;
    };
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  private load(range: string, counts: Map<string, TermPostings>): Map<string, TermPostings> {
    const terms = new Map<string, TermPostings>();
    if (!this.ranges.has(range)) return terms;
    const file = readFileSync(join(this.dir, fileOf(range)));
    for (let at = 0; at < file.length;) {
      const nameLength = file.readUInt32LE(at);
      const length = file.readUInt32LE(at + 4);
      const term = file.toString('utf8', at + 8, at + 8 + nameLength);
      at += 8 + nameLength;
      let postings = terms.get(term);
      if (!postings) {
        terms.set(term, (postings = new TermPostings()));
        postings.count = counts.get(term)!.count;
      }
      postings.append(file.subarray(at, at + length));
      at += length;
    }
    return terms;
  }
}

/** Texts by page number, appended to one file and read back by offset. */
export class SpilledPages {
  private readonly file: string;
  private size = 0;
  private readonly where = new Map<number, [number, number]>();
  private fd: number | undefined;

  constructor(
    private readonly dir: string,
    name: string,
  ) {
    this.file = join(dir, `${name}.txt`);
  }

  /** Writes the pages out; the map is emptied. */
  spill(pages: Map<number, string>): void {
    const parts: Buffer[] = [];
    for (const [page, text] of pages) {
      const bytes = Buffer.from(text, 'utf8');
      this.where.set(page, [this.size, bytes.length]);
      this.size += bytes.length;
      parts.push(bytes);
    }
    if (parts.length === 0) return;
    mkdirSync(this.dir, { recursive: true });
    appendFileSync(this.file, Buffer.concat(parts));
    pages.clear();
  }

  pages(): number[] {
    return [...this.where.keys()];
  }

  text(page: number): string {
    const [offset, length] = this.where.get(page)!;
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
