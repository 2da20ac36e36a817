// The content keys of the last build, kept for the next one-page rebuild: how many of the build's
// holders (pages, route buckets, llms parts, search pieces) name each key, the keys sorted, and
// the parts of the `keys` record (manifest.ts) with their hashes. A rebuild tells it which keys
// its holders let go of and took, and it redoes only the parts whose keys changed: the record comes
// out as writeManifest makes it from every key, without sorting them all again.

import { kvKeys } from '../../../client/contract/storage.ts';
import { contentHash, type KvWriter } from '../outputs/kv-writer.ts';
import { keyBucket, keysPerPart, splitKeys } from '../outputs/manifest.ts';
import { insertSorted, removeSorted, SortedKeys } from './sorted-keys.ts';

/** Changes past which sorting every key again is quicker than placing each. */
const placedChanges = 2000;

export class KeptKeys {
  /** Holders of each key; a key no rebuild can change (sidebars, feeds, the style sheet) has one for good. */
  private readonly holders = new Map<string, number>();
  private parts: { keys: string[]; hash: string }[];
  private keys: SortedKeys;

  /**
   * `keys`: the build's content keys, sorted, without the parts of its record; `held`: the keys
   * each of its changing holders names (a key named by none is held for good).
   */
  constructor(
    keys: string[],
    held: Iterable<string>[],
    private readonly perPart = keysPerPart,
  ) {
    for (const list of held) for (const key of list) this.holders.set(key, (this.holders.get(key) ?? 0) + 1);
    for (const key of keys) if (!this.holders.has(key)) this.holders.set(key, 1);
    this.keys = new SortedKeys(keys);
    // As the build stored them.
    this.parts = splitKeys(keys, perPart).map((list) => ({ keys: list, hash: contentHash(JSON.stringify(list)) }));
  }

  /** A holder let go of `dropped` and took `taken`. */
  change(dropped: Iterable<string>, taken: Iterable<string>, touched: Map<string, boolean>): void {
    const note = (key: string) => {
      if (!touched.has(key)) touched.set(key, this.holders.has(key));
    };
    for (const key of taken) {
      note(key);
      this.holders.set(key, (this.holders.get(key) ?? 0) + 1);
    }
    for (const key of dropped) {
      note(key);
      const count = (this.holders.get(key) ?? 0) - 1;
      if (count > 0) this.holders.set(key, count);
      else this.holders.delete(key);
    }
  }

  /**
   * Applies the keys `touched` (key → whether it was a key before) and stores the record's parts
   * that changed; returns the parts' keys and the JSON of every content key, as writeManifest's.
   */
  async store(kv: KvWriter, touched: Map<string, boolean>): Promise<{ parts: string[]; contentKeys: string }> {
    const added: string[] = [];
    const removed: string[] = [];
    for (const [key, was] of touched) {
      const is = this.holders.has(key);
      if (is && !was) added.push(key);
      else if (was && !is) removed.push(key);
    }
    const changes = added.length + removed.length;
    if (changes > placedChanges) this.keys = new SortedKeys([...this.holders.keys()].sort());
    else {
      for (const key of removed) this.keys.remove(key);
      for (const key of added) this.keys.insert(key);
    }
    const count = this.keys.length > this.perPart ? Math.ceil(this.keys.length / this.perPart) : 0;
    if (count !== this.parts.length || (changes > placedChanges && count > 0)) {
      this.parts = splitKeys(this.keys.all(), this.perPart).map((list) => ({ keys: list, hash: '' }));
      for (const part of this.parts) part.hash = await kv.putContent(kvKeys.keysPart, JSON.stringify(part.keys));
    } else if (count > 0) {
      const redo = new Set<number>();
      const place = (key: string, into: (list: string[], key: string) => unknown) => {
        const index = keyBucket(key, count);
        into(this.parts[index]!.keys, key);
        redo.add(index);
      };
      for (const key of removed) place(key, removeSorted);
      for (const key of added) place(key, insertSorted);
      for (const index of redo) {
        const part = this.parts[index]!;
        part.hash = await kv.putContent(kvKeys.keysPart, JSON.stringify(part.keys));
      }
    }
    const parts = this.parts.map((part) => kvKeys.keysPart(part.hash));
    // The parts' keys sort together among the others: no other content key starts as theirs.
    return { parts, contentKeys: this.keys.json([...parts].sort()) };
  }

  /** Makes the JSON of every key once (`store` writes it whole), so the first rebuild does not. */
  warm(): void {
    this.keys.json();
  }

  /** How many content keys the record names (its parts too). */
  get size(): number {
    return this.keys.length + this.parts.length;
  }
}
