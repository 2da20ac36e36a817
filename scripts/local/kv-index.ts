// Where each KV entry of a build lies in its bulk files (`<outDir>/kv/bulk-NNN.json`): `npm start`
// serves its first build's values from there instead of copying them into local KV (minutes of
// wrangler calls on a large site). The index holds a key's file, offset and length, never a value,
// so its memory follows the number of keys, not the gigabytes of pages.

import { open, readFile, type FileHandle } from 'node:fs/promises';
import type { ProgressReporter } from '../cli/progress.ts';
import { kvBulkFiles, type KvPlace } from '../compiler/outputs/kv-writer.ts';

interface Place {
  file: number;
  /** Byte offset of the value's JSON string literal, quotes included. */
  start: number;
  length: number;
}

export interface KvIndex {
  has(key: string): boolean;
  keys(): IterableIterator<string>;
  readonly size: number;
  /** `{ key: value | null, … }` as JSON text, the values copied from the files as they are written there. */
  readJson(keys: readonly string[]): Promise<string>;
  close(): Promise<void>;
}

const quote = 0x22;
const backslash = 0x5c;

/** The index just past the JSON string literal that opens at `start` (a quote). */
function stringEnd(bytes: Buffer, start: number): number {
  for (let at = start + 1; ; at++) {
    at = bytes.indexOf(quote, at);
    if (at === -1) return -1;
    let escapes = 0;
    while (bytes[at - 1 - escapes] === backslash) escapes++;
    // An escaped quote follows an odd run of backslashes; UTF-8 never puts these bytes inside a character.
    if (escapes % 2 === 0) return at + 1;
  }
}

const keyOpen = Buffer.from('{"key":');
const valueOpen = Buffer.from(',"value":');

/**
 * The entries of one bulk file as the build writes them (`JSON.stringify` of `{ key, value }`
 * objects: no spaces); a file laid out otherwise is named, as the index cannot serve it.
 */
function indexFile(bytes: Buffer, file: number, path: string, into: Map<string, Place>): number {
  const unexpected = (at: number) =>
    new Error(
      `${path}: not a KV bulk file as the build writes it (at byte ${at}); delete the output folder and start again`,
    );
  let at = 1;
  if (bytes[0] !== 0x5b) throw unexpected(0);
  let entries = 0;
  while (bytes[at] !== 0x5d) {
    if (!bytes.subarray(at, at + keyOpen.length).equals(keyOpen)) throw unexpected(at);
    const keyStart = at + keyOpen.length;
    const keyEnd = stringEnd(bytes, keyStart);
    const valueNext = keyEnd !== -1 && bytes.subarray(keyEnd, keyEnd + valueOpen.length).equals(valueOpen);
    if (!valueNext) throw unexpected(keyStart);
    const start = keyEnd + valueOpen.length;
    const end = bytes[start] === quote ? stringEnd(bytes, start) : -1;
    if (end === -1 || bytes[end] !== 0x7d) throw unexpected(start);
    // A later entry of the same key wins, as in `wrangler kv bulk put`.
    into.set(JSON.parse(bytes.toString('utf8', keyStart, keyEnd)) as string, { file, start, length: end - start });
    entries++;
    at = end + 1;
    if (bytes[at] === 0x2c) at++;
    else if (bytes[at] !== 0x5d) throw unexpected(at);
  }
  return entries;
}

/** Indexes the build in `outDir`, one bulk file at a time (each is at most ~40 MB). */
export async function indexKvFiles(outDir: string, progress?: ProgressReporter): Promise<GrowingKvIndex> {
  const files = await kvBulkFiles(outDir);
  const index = growingKvIndex(() => undefined);
  progress?.phase('index the KV files', files.length, 'files');
  try {
    for (const path of files) {
      await index.addFile(path);
      progress?.tick();
    }
  } finally {
    progress?.end();
  }
  return index;
}

export interface GrowingKvIndex extends KvIndex {
  /** Adds a bulk file the build has just written, with where its values lie (as its writer counted them). */
  add(path: string, places: readonly KvPlace[]): void;
  /** Adds a bulk file read back to find where its values lie; returns how many entries it holds. */
  addFile(path: string): Promise<number>;
}

/**
 * The index of a build still being written (`npm start` serves pages while its first build runs):
 * it grows with each bulk file, and `pending` answers for the values not yet in one. Files added
 * later hold later values: a key's last entry wins, as in `wrangler kv bulk put`.
 */
export function growingKvIndex(pending: (key: string) => string | undefined): GrowingKvIndex {
  const files: string[] = [];
  const places = new Map<string, Place>();
  const index = indexOver(files, places, pending);
  return {
    ...index,
    get size() {
      return places.size;
    },
    add(path, written) {
      const file = files.length;
      for (const { key, start, length } of written) places.set(key, { file, start, length });
      files.push(path);
    },
    async addFile(path) {
      const entries = indexFile(await readFile(path), files.length, path, places);
      files.push(path);
      return entries;
    },
    async close() {
      await index.close();
      // The build's state outlives it (one-page rebuilds): the places go now.
      places.clear();
    },
  };
}

function indexOver(
  files: readonly string[],
  places: Map<string, Place>,
  pending?: (key: string) => string | undefined,
): KvIndex {
  const handles = new Map<number, Promise<FileHandle>>();
  const handle = (file: number) => {
    let opened = handles.get(file);
    if (!opened) handles.set(file, (opened = open(files[file]!, 'r')));
    return opened;
  };
  return {
    has: (key) => places.has(key) || pending?.(key) !== undefined,
    keys: () => places.keys(),
    get size() {
      return places.size;
    },
    async readJson(keys) {
      const parts = await Promise.all(
        keys.map(async (key) => {
          const place = places.get(key);
          if (!place) return `${JSON.stringify(key)}:${JSON.stringify(pending?.(key) ?? null)}`;
          const bytes = Buffer.alloc(place.length);
          await (await handle(place.file)).read(bytes, 0, place.length, place.start);
          return `${JSON.stringify(key)}:${bytes.toString('utf8')}`;
        }),
      );
      return `{${parts.join(',')}}`;
    },
    async close() {
      for (const opened of handles.values()) await (await opened).close();
      handles.clear();
    },
  };
}
