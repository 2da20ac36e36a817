// Rendered pages in the edge cache (Cache API), keyed by build, theme variant and path.

const defaultTtlSeconds = 300;

/** Workers' default cache (the DOM typings of CacheStorage do not know it). */
const edgeCache = () => (caches as unknown as { default: Cache }).default;

export function htmlCacheKey(buildId: string, variant: string, path: string): Request {
  return new Request(`https://html-cache.internal/${buildId}/${variant}${path}`);
}

/** A TTL setting from the environment (seconds), or the default. */
export function cacheTtlSeconds(value: string | undefined): number {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : defaultTtlSeconds;
}

export async function cachedHtml(key: Request): Promise<Response | undefined> {
  try {
    return await edgeCache().match(key);
  } catch (error) {
    console.warn('edge cache read failed', error);
    return undefined;
  }
}

export function storeHtml(key: Request, body: ReadableStream, headers: Headers, status: number, ttl: number): Promise<void> {
  const stored = new Headers(headers);
  stored.set('cache-control', `public, max-age=${ttl}`);
  return edgeCache().put(key, new Response(body, { status, headers: stored })).catch((error: unknown) => console.warn('edge cache write failed', error));
}
