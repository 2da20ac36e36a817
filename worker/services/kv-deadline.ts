// A deadline for KV reads. A read that hangs fails after `kvReadDeadlineMs`, so the reader gets
// the 503 with retry-after, or the fallback the route has (Algolia for search), instead of
// waiting on KV for as long as it takes. KV reads cannot be cancelled: the late read is dropped.

/** Far above a KV read's usual latency, cold reads included; far below a reader's patience. */
export const kvReadDeadlineMs = 2_000;

export class KvDeadlinePassed extends Error {
  constructor(key: string, ms: number) {
    super(`KV read of ${key} did not answer within ${ms} ms`);
    this.name = 'KvDeadlinePassed';
  }
}

/** `read`, or a `KvDeadlinePassed` once `ms` have passed without its answer. */
export function withKvDeadline<T>(read: Promise<T>, key: string, ms = kvReadDeadlineMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new KvDeadlinePassed(key, ms)), ms);
  });
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}
