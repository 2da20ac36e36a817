// The one way this worker reads KV: every read runs under a deadline, and whatever KV throws or
// a value that is not what it should be becomes a `StoreUnavailable` naming the key, which the
// routes answer as a 503 (a retry may help) rather than a reader-facing stack trace.

import { kvReadDeadlineMs, withDeadline } from './deadline.ts';

/** Build-prefixed keys never change, so the edge may keep them long. */
export const immutableTtl = 60 * 60 * 24;
/** KV did not answer, or holds something no reader can be served from; a retry may help. */
export class StoreUnavailable extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'StoreUnavailable';
  }
}

/** The one way this worker reads KV: a failing or hanging read is a `StoreUnavailable` naming the key. */
export async function readStored(kv: KVNamespace, key: string, cacheTtl: number): Promise<string | null> {
  try {
    return await withDeadline(
      kv.get(key, { cacheTtl }),
      kvReadDeadlineMs,
      () => new Error(`no answer within ${kvReadDeadlineMs} ms`),
    );
  } catch (error) {
    throw new StoreUnavailable(`KV read of ${key} failed`, error);
  }
}

/** Keys a bulk read asks for at most (KV's limit). */
const bulkReadKeys = 100;

/** Many values, in bulk reads of up to 100 keys, each under the same deadline as a single read. */
export async function readStoredMany(
  kv: KVNamespace,
  keys: string[],
  cacheTtl: number,
): Promise<Map<string, string | null>> {
  const values = new Map<string, string | null>();
  for (let at = 0; at < keys.length; at += bulkReadKeys) {
    const batch = keys.slice(at, at + bulkReadKeys);
    try {
      const read = await withDeadline(
        kv.get(batch, { type: 'text', cacheTtl }),
        kvReadDeadlineMs,
        () => new Error(`no answer within ${kvReadDeadlineMs} ms`),
      );
      for (const key of batch) values.set(key, read.get(key) ?? null);
    } catch (error) {
      throw new StoreUnavailable(`KV read of ${batch.length} keys from ${batch[0]} failed`, error);
    }
  }
  return values;
}

export function parseStored<T>(text: string, key: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new StoreUnavailable(`${key} is not valid JSON`, error);
  }
}
