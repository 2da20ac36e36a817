// Search answers in the edge cache (Cache API), keyed by a hash of build id + normalised request.

import { canonicalParams, type SearchQuery } from './protocol.ts';

const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** `scope` names what answers: the build and, when configured, the Algolia app and index. */
export async function searchCacheKey(scope: string, queries: SearchQuery[]): Promise<Request> {
  const text = `${scope}\n${queries.map((query) => `${query.indexName}?${canonicalParams(query)}`).join('\n')}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  // The Cache API stores GETs only: POST searches live under a synthetic GET URL.
  return new Request(`https://search-cache.internal/${hex}`);
}

export async function cachedSearch(key: Request): Promise<Response | undefined> {
  try {
    return await edgeCache().match(key);
  } catch (error) {
    console.warn('search cache read failed', error);
    return undefined;
  }
}

export function storeSearch(key: Request, body: string, source: string, ttl: number): Promise<void> {
  const response = new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': `public, max-age=${ttl}`, 'x-search-source': source } });
  return edgeCache().put(key, response).catch((error: unknown) => console.warn('search cache write failed', error));
}
