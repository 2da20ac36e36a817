// Algolia as the upstream, through the algoliasearch v5 lite client and its retry strategy
// (read hosts first, then fallbacks; a failing host rests for 120 s), under one deadline per
// search. An upstream that failed or missed the deadline is left alone for the host-down time,
// so the searches after it go to the embedded index at once instead of each waiting again.

import { liteClient } from 'algoliasearch/lite';
import { createMemoryCache, createNullCache, type Cache } from '@algolia/client-common';
import { createFetchRequester } from '@algolia/requester-fetch';
import type { SearchResponse } from '../../../client/contract/search-protocol.ts';
import type { Env } from '../../env.ts';
import { escapeHtml } from '../../../client/contract/escape-html.ts';
import type { SearchQuery } from './protocol.ts';
import { withDeadline } from '../deadline.ts';

/** How long a search waits for Algolia's whole answer before the embedded index answers instead. */
export const upstreamDeadlineMs = 1_000;
/** What `ALGOLIA_DEADLINE_MS` may set: a far region or a slow plan may need longer; tests under load do. */
const deadlineRange = { min: 100, max: 10_000 };
/** How long an upstream that failed is not asked: the retry strategy's host-down time. */
export const upstreamRestMs = 120_000;
/** Upstreams (application, key, hosts) an isolate keeps state for: one in production. */
const maxUpstreams = 8;

/** Algolia is resting after a failure, or did not answer within the deadline. */
export class UpstreamUnavailable extends Error {
  constructor(
    message: string,
    /** True when Algolia was not asked at all: it failed a moment ago. */
    readonly resting = false,
  ) {
    super(message);
    this.name = 'UpstreamUnavailable';
  }
}

interface Upstream {
  hosts: ReturnType<typeof parseHosts>;
  /** The retry strategy's memory of failing hosts, kept across searches. */
  hostsCache: Cache;
  /** Until when (ms since the epoch) searches skip this upstream. */
  restingUntil: number;
}

const upstreams = new Map<string, Upstream>();

export function algoliaConfigured(env: Env): boolean {
  return Boolean(env.ALGOLIA_APP_ID && env.ALGOLIA_SEARCH_API_KEY && env.ALGOLIA_INDEX_NAME);
}

/**
 * `ALGOLIA_HOSTS`: comma-separated hosts, `http://127.0.0.1:9001` or `example.algolia.net`; the
 * worker only searches them (`read`), `npm run search:push` writes to them too.
 */
export function parseHosts(value: string | undefined, accept: 'read' | 'readWrite' = 'read') {
  if (!value) return undefined;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = new URL(/^[a-z]+:\/\//i.test(entry) ? entry : `https://${entry}`);
      return {
        url: url.hostname,
        port: url.port ? Number(url.port) : undefined,
        protocol: url.protocol.replace(':', '') as 'http' | 'https',
        accept,
      };
    });
}

function upstreamOf(env: Env): Upstream {
  const key = `${env.ALGOLIA_APP_ID}|${env.ALGOLIA_SEARCH_API_KEY}|${env.ALGOLIA_HOSTS ?? ''}`;
  let upstream = upstreams.get(key);
  if (!upstream) {
    upstream = { hosts: parseHosts(env.ALGOLIA_HOSTS), hostsCache: createMemoryCache(), restingUntil: 0 };
    upstreams.set(key, upstream);
    if (upstreams.size > maxUpstreams) upstreams.delete(upstreams.keys().next().value!);
  }
  return upstream;
}

/** Whether searches skip Algolia now, because it failed within the host-down time. */
export function upstreamResting(env: Env, now = Date.now()): boolean {
  return upstreamOf(env).restingUntil > now;
}

/**
 * A client for one search: its requester carries that search's abort signal, so a fetch that
 * hangs is cut when the deadline passes rather than left to run. The signal replaces the
 * requester's own per-host timeouts, none shorter than the deadline. The hosts' state is the
 * upstream's, shared by every search.
 */
/** The deadline `ALGOLIA_DEADLINE_MS` sets, held in its range; the default when it is not a number. */
export function upstreamDeadline(env: Env): number {
  const asked = Math.round(Number(env.ALGOLIA_DEADLINE_MS));
  if (!env.ALGOLIA_DEADLINE_MS || !Number.isFinite(asked)) return upstreamDeadlineMs;
  return Math.min(deadlineRange.max, Math.max(deadlineRange.min, asked));
}

function clientFor(env: Env, upstream: Upstream, signal: AbortSignal, deadlineMs: number) {
  return liteClient(env.ALGOLIA_APP_ID!, env.ALGOLIA_SEARCH_API_KEY!, {
    requester: createFetchRequester({ requesterOptions: { signal } }),
    timeouts: { connect: deadlineMs, read: 2 * deadlineMs, write: 30_000 },
    hostsCache: upstream.hostsCache,
    // The edge cache keeps answers; the client's own caches would keep every answer in memory.
    responsesCache: createNullCache(),
    requestsCache: createNullCache(),
    // Waiting out a 429's retry-after cannot fit in the deadline: the embedded index answers.
    maxRateLimitRetries: 0,
    ...(upstream.hosts ? { hosts: upstream.hosts } : {}),
  });
}

/** A request Algolia refuses as malformed says nothing of its health; any other failure rests it. */
function restsUpstream(error: unknown): boolean {
  return (error as { status?: unknown } | undefined)?.status !== 400;
}

/** Algolia does not escape record text; we ask for sentinels, escape, then put the tags in. */
const sentinel = { pre: '__ais-highlight__', post: '__/ais-highlight__' };

/** Every query goes to the configured index, whatever index name the browser used. */
export async function searchUpstream(env: Env, queries: SearchQuery[]): Promise<SearchResponse> {
  const upstream = upstreamOf(env);
  if (upstream.restingUntil > Date.now()) throw new UpstreamUnavailable('Algolia failed a moment ago', true);
  const deadline = new AbortController();
  const deadlineMs = upstreamDeadline(env);
  let response: unknown;
  try {
    // The race holds the bound even where the client waits on something the signal cannot cut.
    response = await withDeadline(askAlgolia(env, upstream, deadline.signal, queries, deadlineMs), deadlineMs, () => {
      const error = new UpstreamUnavailable(`Algolia did not answer within ${deadlineMs} ms`);
      deadline.abort(error);
      return error;
    });
  } catch (error) {
    if (restsUpstream(error)) upstream.restingUntil = Date.now() + upstreamRestMs;
    throw error;
  }
  return escapeAnswer(response as SearchResponse, queries);
}

function askAlgolia(env: Env, upstream: Upstream, signal: AbortSignal, queries: SearchQuery[], deadlineMs: number) {
  return clientFor(env, upstream, signal, deadlineMs).search({
    requests: queries.map((query) => ({
      indexName: env.ALGOLIA_INDEX_NAME!,
      query: query.query,
      hitsPerPage: query.hitsPerPage,
      page: query.page,
      attributesToRetrieve: query.attributesToRetrieve,
      attributesToHighlight: query.attributesToHighlight,
      attributesToSnippet: Object.entries(query.attributesToSnippet).map(
        ([attribute, words]) => `${attribute}:${words}`,
      ),
      snippetEllipsisText: query.snippetEllipsisText,
      highlightPreTag: sentinel.pre,
      highlightPostTag: sentinel.post,
      facetFilters: query.facetFilters.length ? query.facetFilters : undefined,
      clickAnalytics: query.clickAnalytics || undefined,
      analytics: query.analytics ? undefined : false,
    })),
  });
}

function escapeAnswer(response: SearchResponse, queries: SearchQuery[]): SearchResponse {
  const results = response.results.map((result, index) => {
    const query = queries[index]!;
    const tags = (value: string) =>
      escapeHtml(value)
        .split(sentinel.pre)
        .join(query.highlightPreTag)
        .split(sentinel.post)
        .join(query.highlightPostTag);
    const hits = result.hits.map((hit) => escapeStrings(hit, tags) as typeof hit);
    // Algolia's queryID stays as Algolia gave it: the search route signs it into ours per answer.
    return { ...result, hits };
  });
  return { results };
}

/** Every string in a hit, escaped for HTML (URLs and ids stay as they are). */
function escapeStrings(value: unknown, transform: (value: string) => string, key = ''): unknown {
  if (typeof value === 'string')
    return ['url', 'url_without_anchor', 'objectID', 'anchor', 'type', 'matchLevel'].includes(key)
      ? value
      : transform(value);
  if (Array.isArray(value)) return key === 'matchedWords' ? value : value.map((item) => escapeStrings(item, transform));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, escapeStrings(item, transform, name)]),
    );
  return value;
}
