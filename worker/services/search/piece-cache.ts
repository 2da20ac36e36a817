// The isolate's memory of search pieces (parsed) and decoded postings: least recently used
// first out, bounded in bytes so a big site's index never crowds the 128 MB isolate.

interface Entry {
  value: unknown;
  bytes: number;
}

/** Default budget: a quarter of an isolate's memory at most. */
export const defaultCacheBytes = 32 * 1024 * 1024;

export class ByteBoundedCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(private limit = defaultCacheBytes) {}

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: re-inserting marks the entry as the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value as T;
  }

  /** Keeps `value` unless it alone is larger than the budget; evicts the least recently used. */
  set(key: string, value: unknown, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.bytes;
      this.entries.delete(key);
    }
    if (bytes > this.limit) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.limit) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(limit = this.limit): void {
    this.entries.clear();
    this.total = 0;
    this.limit = limit;
  }
}

/**
 * Estimated bytes of a parsed JSON piece. V8 keeps a string of Latin-1 characters at a byte a
 * character, others at two: postings are ASCII, record text may be any script. Objects and
 * arrays add their headers.
 */
export function parsedBytes(text: string, bytesPerCharacter: 1 | 2): number {
  return text.length * bytesPerCharacter + 1024;
}
