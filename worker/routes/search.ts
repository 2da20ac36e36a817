// `POST /1/indexes/*/queries`: the Algolia multi-query endpoint, answered at the edge.

import type { Context } from 'hono';
import { searchLimits, type SearchResponse } from '../../client/contract/search-protocol.ts';
import type { AppEnv } from '../env.ts';
import { answerJson } from '../services/search/answer.ts';
import { cacheableSearch, searchCacheKey } from '../services/search/cache.ts';
import { buildToSearch, prefetchLocalIndex, search } from '../services/search/service.ts';
import { algoliaConfigured, upstreamRestMs } from '../services/search/upstream.ts';
import { parseSearchBody, SearchRequestError } from '../services/search/protocol.ts';
import { countSearches, readerBody } from '../services/analytics/count-results.ts';
import { cacheTtlSeconds, readEdgeCache, writeEdgeCache } from '../services/edge-cache.ts';
import { readCappedText } from '../services/request-body.ts';
import { enforceRateLimit, rateLimits } from '../services/rate-limit.ts';

/**
 * Answers from the embedded index because Algolia failed are kept while this isolate leaves
 * Algolia alone anyway (the upstream's rest), not for the whole SEARCH_CACHE_TTL.
 */
const fallbackTtlSeconds = upstreamRestMs / 1000;

/** Refusals and failures are thrown; worker/errors/ answers them in Algolia's `{ message, status }`. */
export async function serveSearch(c: Context<AppEnv>): Promise<Response> {
  await enforceRateLimit(c.env, c.req.raw, rateLimits.search);
  const contentType = c.req.header('content-type') ?? '';
  if (contentType && !/^(application\/json|text\/plain|application\/x-www-form-urlencoded)/i.test(contentType)) {
    throw new SearchRequestError(415, 'Send the body as JSON');
  }

  const queries = parseSearchBody(await readCappedText(c.req.raw, searchLimits.bodyBytes));
  const algolia = algoliaConfigured(c.env)
    ? `${c.env.ALGOLIA_APP_ID}/${c.env.ALGOLIA_INDEX_NAME}/${c.env.ALGOLIA_HOSTS ?? ''}`
    : 'local';
  const lookUp = async (buildId: string) => {
    const key = await searchCacheKey(`${buildId}|${algolia}`, queries);
    return { buildId, key, hit: await readEdgeCache(key) };
  };
  // Only what the site's own clients send is kept; its facet filters are checked against the
  // build's versions once the manifest is read.
  const shaped = cacheableSearch(queries);
  // The edge cache is asked as soon as the pointer names the build, while its manifest is read;
  // asked again only if that build's manifest fails and a previous build answers instead.
  let early: ReturnType<typeof lookUp> | undefined;
  // Algolia can still answer while KV is down: a missing build only rules out the local index.
  const build = await buildToSearch(c.env.CONTENT, (buildId) => {
    if (shaped) early = lookUp(buildId);
  });
  prefetchLocalIndex(c.env, build);
  const cacheable = shaped && build !== undefined && cacheableSearch(queries, build.tags ?? []);
  const asked = cacheable ? await early : undefined;
  const { key, hit } = !cacheable ? {} : asked?.buildId === build.buildId ? asked : await lookUp(build.buildId);
  if (hit) {
    const cached = await hit.text();
    const cachedAnswer = JSON.parse(cached) as SearchResponse;
    countSearches(c, queries, cachedAnswer.results);
    return new Response(await readerBody(c.env, queries, cachedAnswer, cached), {
      status: 200,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'x-search-cache': 'hit',
        'x-search-source': hit.headers.get('x-search-source') ?? 'local',
      },
    });
  }

  const answer = await search(c.env, build, queries);
  const body = answerJson(answer.response);
  countSearches(c, queries, answer.response.results);
  const configuredTtl = cacheTtlSeconds(c.env.SEARCH_CACHE_TTL);
  const ttl =
    answer.source === 'local' && algoliaConfigured(c.env) ? Math.min(fallbackTtlSeconds, configuredTtl) : configuredTtl;
  if (key && ttl > 0)
    c.executionCtx.waitUntil(
      writeEdgeCache(
        key,
        body,
        { headers: { 'content-type': 'application/json; charset=utf-8', 'x-search-source': answer.source } },
        ttl,
      ),
    );
  return new Response(await readerBody(c.env, queries, answer.response, body), {
    status: 200,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      // `bypass`: a request the site's clients do not send, answered without the cache.
      'x-search-cache': cacheable || (shaped && !build) ? 'miss' : 'bypass',
      'x-search-source': answer.source,
    },
  });
}
