// What a deploy needs of the place it deploys to; scripts/deploy/target.ts makes the Cloudflare and
// local ones.

export interface DeployTarget {
  /** For messages: `Cloudflare` or `local state in DIR`. */
  label: string;
  /** A key's value; null when the key does not exist. A failed read throws a DeployError. */
  getKey(key: string): Promise<string | null>;
  /** Stores a JSON file of `{ key, value }` (on Cloudflare, `wrangler kv bulk put`). */
  putKeys(step: string, file: string): Promise<void>;
  /** The same, for entries in memory. */
  putEntries(step: string, entries: { key: string; value: string }[]): Promise<void>;
  /** Several values at once (at most 100 keys, as `wrangler kv bulk get`); null for a key that does not exist. */
  getKeys(keys: string[]): Promise<Map<string, string | null>>;
  /** Names of the keys that start with `prefix` (every key for ''). */
  listKeys(prefix: string): Promise<string[]>;
  /** Deletes the keys a JSON file of key names lists (on Cloudflare, `wrangler kv bulk delete`). */
  deleteKeys(file: string): Promise<void>;
  /** Applies worker/migrations/ to the analytics D1, recorded where wrangler keeps track of what is applied. */
  migrate(): Promise<void>;
  /** Statements on the analytics D1 (the deploy lock lives there); the rows of each statement. */
  sql(statements: string): Promise<Record<string, unknown>[][]>;
  /**
   * Puts the worker and this client folder (static assets) live; the worker version now live.
   * `present`: the keys KV held when the deploy began.
   */
  publish(clientDir: string, present: Set<string>): Promise<string | undefined>;
  /** Puts a worker version that `publish` returned back live. */
  restoreWorker(version: string): Promise<void>;
  /**
   * Where deploys before kept-files.ts kept hashed assets on the deploying machine; read only, for
   * kept builds deployed then (see assets-archive.ts).
   */
  archiveDir: string;
  /**
   * Frees what the steps held open (the local target's runtime, so a server can have its SQLite
   * files); a step after it opens them again. Called at the end of every deploy and rollback.
   */
  close?(): Promise<void>;
}
