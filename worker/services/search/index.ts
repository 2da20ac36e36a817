// Search: Algolia when configured, the embedded index otherwise and whenever Algolia fails,
// both answering in Algolia's response shape.

import type { SearchResponse } from '../../../client/model.ts';
import type { Env } from '../../env.ts';
import { applyFacetFilters, formatResult } from './format.ts';
import { localIndex } from './local-index.ts';
import type { SearchQuery } from './protocol.ts';
import { algoliaConfigured, searchUpstream } from './upstream.ts';

export type SearchSource = 'algolia' | 'local';

export interface SearchAnswer {
  response: SearchResponse;
  source: SearchSource;
}

/** Throws only when neither Algolia nor a deployed build can answer. */
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
  if (!buildId) throw new Error('no deployed build to search');
  return { response: await searchLocal(env, buildId, queries), source: 'local' };
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
