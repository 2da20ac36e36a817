// Search answers in the edge cache, keyed by a hash of what answers (build, Algolia app)
// and the normalised request.

import { canonicalParams, type SearchQuery } from './protocol.ts';

/** `scope` names what answers: the build and, when configured, the Algolia app and index. */
export async function searchCacheKey(scope: string, queries: SearchQuery[]): Promise<Request> {
  const text = `${scope}\n${queries.map((query) => `${query.indexName}?${canonicalParams(query)}`).join('\n')}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  // The Cache API stores GETs only: POST searches live under a synthetic GET URL.
  return new Request(`https://search-cache.internal/${hex}`);
}
