// The search routes count what they answered: the Algolia endpoint (the modal) and the
// `/search` page and its JSON, so a search counts with or without JavaScript.

import type { Context } from 'hono';
import type { SearchResult } from '../../../client/contract/search-protocol.ts';
import type { AppEnv } from '../../env.ts';
import type { SearchQuery } from '../search/protocol.ts';
import { countSearch, flushAnalytics } from './recorder.ts';

/**
 * Counts each query of a multi-query request, except those that ask not to be (`analytics:
 * false`, as the modal sends while the reader types) and `hitsPerPage: 0` requests, which only
 * count pages.
 */
export function countSearches(c: Context<AppEnv>, queries: SearchQuery[], results: SearchResult[]): void {
  // Without the database nothing is written: nothing to count either.
  if (!c.env.ANALYTICS) return;
  queries.forEach((query, i) => {
    const result = results[i];
    if (result && query.analytics && query.hitsPerPage > 0) countSearch(query.query, result.nbHits);
  });
  flushAnalytics(c.env, c.executionCtx);
}

export function countPageSearch(c: Context<AppEnv>, query: string, matchedPages: number): void {
  if (!c.env.ANALYTICS) return;
  countSearch(query, matchedPages);
  flushAnalytics(c.env, c.executionCtx);
}
