// A per-isolate cache bounded in bytes: least recently used entries leave first. Sizes are
// what the caller says an entry costs (its stored text's length is a fair measure). Used for
// route buckets and sidebars (content-store.ts) and for search pieces (search/pieces.ts).

export class ByteCache<V = unknown> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(private limit: number) {}

  get<T extends V = V>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: re-inserting marks the entry as the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value as T;
  }

  /** Keeps `value` unless it alone is larger than the budget; evicts the least recently used. */
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.limit) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.limit) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  /** Forgets everything; a new budget may be given (tests). */
  clear(limit = this.limit): void {
    this.entries.clear();
    this.total = 0;
    this.limit = limit;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }
}
