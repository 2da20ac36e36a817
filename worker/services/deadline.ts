// Deadlines for what the worker waits on (KV reads, Algolia): past its deadline a promise gives way
// to an error, so the reader gets the fallback the route has (the embedded index for search) or a
// 503 with retry-after, instead of waiting for as long as it takes. What cannot be cancelled is
// dropped when it answers late.

/** Far above a KV read's usual latency, cold reads included; far below a reader's patience. */
export const kvReadDeadlineMs = 2_000;

/** `work`, or the error `late()` gives once `ms` have passed without its answer. */
export function withDeadline<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
