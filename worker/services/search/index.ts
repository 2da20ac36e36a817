// Search: Algolia when configured, the embedded index otherwise and whenever Algolia fails,
// both answering in Algolia's response shape.

import type { SearchResponse } from '../../../client/model.ts';
import type { Env } from '../../env.ts';
import { currentManifest, StoreUnavailable } from '../content-store.ts';
import { applyFacetFilters, formatResult } from './format.ts';
import { localIndex } from './local-index.ts';
import type { SearchQuery } from './protocol.ts';
import { algoliaConfigured, searchUpstream } from './upstream.ts';

export type SearchSource = 'algolia' | 'local';

export interface SearchAnswer {
  response: SearchResponse;
  source: SearchSource;
}

/** Throws (`StoreUnavailable`) only when neither Algolia nor a deployed build can answer. */
export async function search(env: Env, buildId: string | undefined, queries: SearchQuery[]): Promise<SearchAnswer> {
  if (algoliaConfigured(env)) {
    try {
      return { response: await searchUpstream(env, queries), source: 'algolia' };
    } catch (error) {
      console.warn(
        'Algolia failed; answering from the embedded index:',
        error instanceof Error ? error.message : error,
      );
    }
  }
  if (!buildId) throw new StoreUnavailable('no deployed build to search, and Algolia did not answer');
  return { response: await searchLocal(env, buildId, queries), source: 'local' };
}

/**
 * The live build, for the embedded index; undefined while the store fails, since Algolia needs
 * nothing from KV. `search` then throws `StoreUnavailable` only if Algolia cannot answer either.
 */
export async function buildToSearch(kv: KVNamespace): Promise<string | undefined> {
  try {
    return (await currentManifest(kv)).buildId;
  } catch (error) {
    if (!(error instanceof StoreUnavailable)) throw error;
    console.warn('searching without a deployed build:', error.message);
    return undefined;
  }
}

export async function searchLocal(env: Env, buildId: string, queries: SearchQuery[]): Promise<SearchResponse> {
  const index = await localIndex(env.CONTENT, buildId);
  return {
    results: queries.map((query) => {
      const startedAt = Date.now();
      return formatResult(query, applyFacetFilters(index.search(query.query), query.facetFilters), startedAt);
    }),
  };
}
