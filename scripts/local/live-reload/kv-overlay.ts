// The dev worker's view of local KV while a build's pointer is written: the pointer it was handed is
// read from memory until local KV holds it, so a one-page rebuild's tab need not wait for the write.
// Writes go one update after another, in order, so the pointer in KV never goes back to an older
// build. Dev only: nothing here is in a deploy's bundle.

import type { KvEntry } from '../../compiler/outputs/kv-writer.ts';

const pending = new Map<string, string>();
let writing: Promise<void> = Promise.resolve();

/** `kv` with the values not yet written answering first; the worker reads text (content-store.ts). */
export function withPending(kv: KVNamespace): KVNamespace {
  const get = (key: string, options?: unknown) => {
    const value = pending.get(key);
    const asText =
      options === undefined ||
      options === 'text' ||
      (typeof options === 'object' && options !== null && ((options as { type?: string }).type ?? 'text') === 'text');
    if (value !== undefined && asText) return Promise.resolve(value);
    return (kv.get as (key: string, options?: unknown) => Promise<unknown>)(key, options);
  };
  return new Proxy(kv, {
    get(target, property) {
      if (property === 'get') return get;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Makes `pointer` readable at once, and writes it to `kv` after the writes before; the promise
 * settles once it is written.
 */
export function writeInOrder(kv: KVNamespace, pointer: KvEntry[]): Promise<void> {
  for (const entry of pointer) pending.set(entry.key, entry.value);
  const written = writing.then(async () => {
    for (const entry of pointer) await kv.put(entry.key, entry.value);
    for (const entry of pointer) if (pending.get(entry.key) === entry.value) pending.delete(entry.key);
  });
  // A failed write keeps its values readable here; the next update's writes still go.
  writing = written.catch((error: unknown) => console.error('live reload: a local KV write failed', error));
  return written;
}
