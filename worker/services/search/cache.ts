// Search answers in the edge cache, keyed by a hash of what answers (build, Algolia app)
// and the normalised request.

import { canonicalParams, type SearchQuery } from './protocol.ts';

/** `scope` names what answers: the build and, when configured, the Algolia app and index. */
export async function searchCacheKey(scope: string, queries: SearchQuery[]): Promise<Request> {
  const text = `${scope}\n${queries.map((query) => `${query.indexName}?${canonicalParams(query)}`).join('\n')}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += hexOf[byte];
  // The Cache API stores GETs only: POST searches live under a synthetic GET URL.
  return new Request(`https://search-cache.internal/${hex}`);
}

/** Each byte's two hex digits: a cold isolate's first search ran a closure, toString and padStart a byte. */
const hexOf = Array.from({ length: 256 }, (_, byte) => (byte < 16 ? '0' : '') + byte.toString(16));
