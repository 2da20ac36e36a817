// The search routes count what they answered: the Algolia endpoint (the modal) and the
// `/search` page and its JSON, so a search counts with or without JavaScript. Answers that asked
// for click analytics leave with a queryID signed for them (query-id.ts).

import type { Context } from 'hono';
import type { SearchResponse, SearchResult } from '../../../client/contract/search-protocol.ts';
import type { AppEnv, Env } from '../../env.ts';
import { answerJson } from '../search/answer.ts';
import type { SearchQuery } from '../search/protocol.ts';
import { queryIdSecret, signQueryId } from './query-id.ts';
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
    if (result && query.analytics && query.hitsPerPage > 0) countSearch(c.env, query.query, result.nbHits);
  });
  flushAnalytics(c.env, c.executionCtx);
}

export function countPageSearch(c: Context<AppEnv>, query: string, matchedPages: number): void {
  if (!c.env.ANALYTICS) return;
  countSearch(c.env, query, matchedPages);
  flushAnalytics(c.env, c.executionCtx);
}

/**
 * The answer's body as this reader gets it: each result whose query asked for click analytics
 * carries a queryID signed now (a fresh one per answer, from the edge cache too), wrapping
 * Algolia's own when Algolia answered; `body` (the answer as cached) goes out unchanged when no
 * result needs one. Without the signing secret, results carry no queryID, so no click is sent.
 */
export async function readerBody(
  env: Env,
  queries: SearchQuery[],
  response: SearchResponse,
  body: string,
): Promise<string> {
  const wanted = response.results.some((result, i) => result.queryID !== undefined || queries[i]?.clickAnalytics);
  if (!wanted) return body;
  const secret = queryIdSecret(env);
  const results = await Promise.all(
    response.results.map(async (result, i): Promise<SearchResult> => {
      const { queryID: algolia, ...rest } = result;
      const query = queries[i];
      if (!secret || !query?.clickAnalytics) return rest;
      return { ...rest, queryID: await signQueryId(secret, { query: query.query, hits: result.hits.length, algolia }) };
    }),
  );
  // Within the answer bound again: the ids add bytes, and `response` may be the answer before it was cut.
  return answerJson({ ...response, results });
}
