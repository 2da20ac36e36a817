// What every compile thread reads of the whole site, placed once in shared memory: the routes and
// each source file's route (a page's links are checked against them), and the docs' places and
// global data, which only a page that runs code reads. Sent as Sets, Maps and objects, each thread
// held its own copy of them all (some 2 KB a page, hundreds of MB per thread on a 100,000-page
// site); a SharedArrayBuffer is handed over without a copy and read in place.

/** The routes a page may link to (a Set in the build's own thread). */
export interface RouteSet {
  has(route: string): boolean;
}

/** Each source file's route, by absolute path (a Map in the build's own thread). */
export interface FileRoutes {
  get(file: string): string | undefined;
}

/**
 * Keys in UTF-8 byte order (so a lookup compares bytes, in place), each with an optional value.
 * Layout: a count, then count + 1 key offsets, count + 1 value offsets, then the bytes.
 */
export class SharedLookup implements RouteSet, FileRoutes {
  private readonly count: number;
  private readonly offsets: Uint32Array;
  private readonly bytes: Buffer;

  constructor(readonly buffer: SharedArrayBuffer) {
    this.count = new Uint32Array(buffer, 0, 1)[0]!;
    this.offsets = new Uint32Array(buffer, 4, 2 * (this.count + 1));
    this.bytes = Buffer.from(buffer, 4 + this.offsets.byteLength);
  }

  /** A table of `entries` (key → value; a set when the values are left out). */
  static of(entries: Iterable<readonly [string, string?]>): SharedLookup {
    const encoded = [...entries]
      .map(([key, value]) => [Buffer.from(key), Buffer.from(value ?? '')] as const)
      .sort((a, b) => Buffer.compare(a[0], b[0]));
    const count = encoded.length;
    const size = encoded.reduce((sum, [key, value]) => sum + key.length + value.length, 0);
    const buffer = new SharedArrayBuffer(4 + 8 * (count + 1) + size);
    new Uint32Array(buffer, 0, 1)[0] = count;
    const offsets = new Uint32Array(buffer, 4, 2 * (count + 1));
    const bytes = Buffer.from(buffer, 4 + offsets.byteLength);
    let at = 0;
    encoded.forEach(([key], i) => {
      offsets[i] = at;
      at += key.copy(bytes, at);
    });
    offsets[count] = at;
    encoded.forEach(([, value], i) => {
      offsets[count + 1 + i] = at;
      at += value.copy(bytes, at);
    });
    offsets[2 * count + 1] = at;
    return new SharedLookup(buffer);
  }

  has(key: string): boolean {
    return this.indexOf(key) >= 0;
  }

  get(key: string): string | undefined {
    const index = this.indexOf(key);
    if (index < 0) return undefined;
    const start = this.offsets[this.count + 1 + index]!;
    return this.bytes.toString('utf8', start, this.offsets[this.count + 2 + index]!);
  }

  private indexOf(key: string): number {
    const wanted = Buffer.from(key);
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = this.bytes.compare(wanted, 0, wanted.length, this.offsets[middle]!, this.offsets[middle + 1]!);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}

/** A value as JSON in shared memory: each thread parses it the first time it is asked for, if ever. */
export function sharedJson(value: unknown): SharedArrayBuffer {
  const text = Buffer.from(JSON.stringify(value));
  const buffer = new SharedArrayBuffer(text.length);
  text.copy(Buffer.from(buffer));
  return buffer;
}

/** The value `sharedJson` holds, parsed once, on first use. */
export function lazyJson<T>(buffer: SharedArrayBuffer): () => T {
  let value: { parsed: T } | undefined;
  return () => (value ??= { parsed: JSON.parse(Buffer.from(buffer).toString('utf8')) as T }).parsed;
}
