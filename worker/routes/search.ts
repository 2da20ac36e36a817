// `POST /1/indexes/*/queries`: the Algolia multi-query endpoint, answered at the edge.

import type { Context } from 'hono';
import type { SearchResponse } from '../../client/contract/search-protocol.ts';
import type { AppEnv } from '../env.ts';
import { answerJson } from '../services/search/answer.ts';
import { cacheableSearch, searchCacheKey } from '../services/search/cache.ts';
import { buildToSearch, prefetchLocalIndex, search } from '../services/search/service.ts';
import { algoliaConfigured, upstreamRestMs } from '../services/search/upstream.ts';
import { parseSearchBody, SearchRequestError } from '../services/search/protocol.ts';
import { countSearches } from '../services/analytics/count-results.ts';
import { cacheTtlSeconds, readEdgeCache, writeEdgeCache } from '../services/edge-cache.ts';

/**
 * Answers from the embedded index because Algolia failed are kept while this isolate leaves
 * Algolia alone anyway (the upstream's rest), not for the whole SEARCH_CACHE_TTL.
 */
const fallbackTtlSeconds = upstreamRestMs / 1000;

/** Refusals and failures are thrown; worker/errors/ answers them in Algolia's `{ message, status }`. */
export async function serveSearch(c: Context<AppEnv>): Promise<Response> {
  const contentType = c.req.header('content-type') ?? '';
  if (contentType && !/^(application\/json|text\/plain|application\/x-www-form-urlencoded)/i.test(contentType)) {
    throw new SearchRequestError(415, 'Send the body as JSON');
  }
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > 16 * 1024) throw new SearchRequestError(413, 'The request body is larger than 16384 bytes');

  const queries = parseSearchBody(await c.req.text());
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
    countSearches(c, queries, (JSON.parse(cached) as SearchResponse).results);
    return new Response(cached, {
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
  return new Response(body, {
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
