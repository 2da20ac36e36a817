// The Cache API of the edge location, shared by the page and search caches. A failing cache
// is logged and treated as a miss: readers never see its errors.

const defaultTtlSeconds = 300;

/** Workers' default cache (the DOM typings of CacheStorage do not know it). */
const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** A TTL setting from the environment (seconds), or the default. */
export function cacheTtlSeconds(value: string | undefined): number {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : defaultTtlSeconds;
}

export async function readEdgeCache(key: Request): Promise<Response | undefined> {
  try {
    return await edgeCache().match(key);
  } catch (error) {
    console.warn('edge cache read failed', error);
    return undefined;
  }
}

/** Stores a response for `ttl` seconds (the Cache API keeps only `public, max-age` answers). */
export function writeEdgeCache(
  key: Request,
  body: BodyInit,
  init: { status?: number; headers: HeadersInit },
  ttl: number,
): Promise<void> {
  const headers = new Headers(init.headers);
  headers.set('cache-control', `public, max-age=${ttl}`);
  return edgeCache()
    .put(key, new Response(body, { status: init.status ?? 200, headers }))
    .catch((error: unknown) => console.warn('edge cache write failed', error));
}
