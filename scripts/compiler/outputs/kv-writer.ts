// What a build stores in KV, written as it is produced into `wrangler kv bulk put` files
// (`<outDir>/kv/bulk-NNN.json`), so no step holds every page at once. Content values are keyed
// by the hash of what they hold: the same page in two builds is one key, uploaded once.

import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkKvValue } from './platform-limits.ts';

export interface KvEntry {
  key: string;
  value: string;
}

/** Well under `wrangler kv bulk put`'s limits (10,000 pairs, 100 MB a request). */
const filePairs = 5000;
const fileBytes = 40 * 1024 * 1024;

/** First 16 hex digits of the SHA-256 of a value: names a content-addressed key. */
export function contentHash(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 16);
}

/**
 * Where a value lies in its bulk file: the byte offset of its JSON string literal (quotes
 * included) and the literal's length in bytes.
 */
export interface KvPlace {
  key: string;
  start: number;
  length: number;
}

/** Whether a KV already holds a key: a set, or several asked in turn. */
export type KeyPresence = Pick<ReadonlySet<string>, 'has'>;

/** Hears a bulk file once written, with where each of its values lies (`KvWriter.onFile`). */
export type KvFileListener = (file: string, places: KvPlace[]) => void;

export class KvWriter {
  private pending: KvEntry[] = [];
  private pendingBytes = 0;
  private files = 0;
  private readonly content = new Set<string>();
  private readonly others: string[] = [];
  largest = { key: '', bytes: 0 };
  /** With `readWhileWriting`: the values not yet in a file, by key. */
  private pendingByKey?: Map<string, string>;
  private readonly listeners: KvFileListener[] = [];

  /**
   * `present`: content keys the KV to be written already holds (the dev server's local KV). The
   * build still uses them, but its bulk files leave them out, so they hold only what changed.
   */
  constructor(
    private readonly dir: string,
    private readonly present?: KeyPresence,
  ) {}

  /**
   * Stores a value under `keyOf(hash of value)` (once, however often it is put); returns the hash.
   * `hash`: the value's `contentHash`, when the caller has it already (the search pieces); the
   * value may then be a function, called only if the value is to be written.
   */
  async putContent(
    keyOf: (hash: string) => string,
    value: string | (() => string),
    hash = contentHash(value as string),
  ): Promise<string> {
    const key = keyOf(hash);
    if (!this.content.has(key)) {
      this.content.add(key);
      if (!this.present?.has(key)) await this.add({ key, value: typeof value === 'string' ? value : value() });
    }
    return hash;
  }

  /** Stores a per-build value under its own key. */
  async put(key: string, value: string): Promise<void> {
    this.others.push(key);
    await this.add({ key, value });
  }

  /** Keys stored so far, content and per-build. */
  get keyCount(): number {
    return this.content.size + this.others.length;
  }

  /** The content keys stored so far, sorted (the build's `b:<id>:keys` record). */
  contentKeys(): string[] {
    return [...this.content].sort();
  }

  /** The content keys stored so far that start with `prefix`, in no order. */
  contentKeysUnder(prefix: string): string[] {
    return [...this.content].filter((key) => key.startsWith(prefix));
  }

  /**
   * `listener` hears each bulk file once written, with where each of its values lies (counted as
   * the file is made, so nobody reads the file back to find them).
   */
  onFile(listener: KvFileListener): void {
    this.listeners.push(listener);
  }

  /**
   * Makes what this writer holds readable while it writes (`npm start` serves pages as they are
   * stored): `listener` hears each bulk file as with `onFile`, and `pendingValue` answers for the
   * values not yet in one.
   */
  readWhileWriting(listener: KvFileListener): void {
    this.onFile(listener);
    this.pendingByKey ??= new Map(this.pending.map((entry) => [entry.key, entry.value]));
  }

  /** A value not yet written to a file (with `readWhileWriting`). */
  pendingValue(key: string): string | undefined {
    return this.pendingByKey?.get(key);
  }

  async close(): Promise<{ files: number; keys: number }> {
    await this.flush();
    return { files: this.files, keys: this.content.size + this.others.length };
  }

  private async add(entry: KvEntry): Promise<void> {
    const bytes = Buffer.byteLength(entry.value);
    checkKvValue(entry.key, bytes);
    if (bytes > this.largest.bytes) this.largest = { key: entry.key, bytes };
    if (this.pending.length >= filePairs || this.pendingBytes + bytes > fileBytes) await this.flush();
    this.pending.push(entry);
    this.pendingByKey?.set(entry.key, entry.value);
    this.pendingBytes += bytes;
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const name = `bulk-${String(this.files).padStart(3, '0')}.json`;
    const file = join(this.dir, name);
    if (this.listeners.length > 0) {
      const { text, places } = placedBulkFile(this.pending);
      await writeFile(file, text);
      // Heard before the values leave memory, so a reader always finds them in one or the other.
      for (const listener of this.listeners) listener(file, places);
      this.pendingByKey?.clear();
    } else await writeFile(file, JSON.stringify(this.pending));
    this.files++;
    this.pending = [];
    this.pendingBytes = 0;
  }
}

/**
 * A bulk file's text, the bytes `JSON.stringify(entries)` gives, made entry by entry so that each
 * value's place is known as it is written.
 */
export function placedBulkFile(entries: readonly KvEntry[]): { text: string; places: KvPlace[] } {
  const parts: string[] = [];
  const places: KvPlace[] = [];
  // Past the `[`; each entry after the first also past its `,`.
  let at = 1;
  for (const { key, value } of entries) {
    const head = `{"key":${JSON.stringify(key)},"value":`;
    const literal = JSON.stringify(value);
    const start = at + (parts.length > 0 ? 1 : 0) + Buffer.byteLength(head);
    const length = Buffer.byteLength(literal);
    places.push({ key, start, length });
    parts.push(`${head}${literal}}`);
    at = start + length + 1;
  }
  return { text: `[${parts.join(',')}]`, places };
}

/** The bulk files a build wrote, in order. */
export async function kvBulkFiles(outDir: string): Promise<string[]> {
  const dir = join(outDir, 'kv');
  return (await readdir(dir))
    .filter((name) => /^bulk-\d+\.json$/.test(name))
    .sort()
    .map((name) => join(dir, name));
}

/** Every KV entry of a build, read back from its bulk files (tests and small sites). */
export async function readKvEntries(outDir: string): Promise<KvEntry[]> {
  const entries: KvEntry[] = [];
  for (const file of await kvBulkFiles(outDir))
    entries.push(...(JSON.parse(await readFile(file, 'utf8')) as KvEntry[]));
  return entries;
}
