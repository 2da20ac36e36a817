// Algolia as the upstream, through the algoliasearch v5 lite client and its retry strategy
// (read hosts first, then fallbacks; a failing host rests for 120 s).

import { liteClient } from 'algoliasearch/lite';
import { createFetchRequester } from '@algolia/requester-fetch';
import type { SearchResponse } from '../../../client/contract/search-protocol.ts';
import type { Env } from '../../env.ts';
import { escapeHtml } from '../../../client/contract/escape-html.ts';
import type { SearchQuery } from './protocol.ts';

type LiteClient = ReturnType<typeof liteClient>;

const clients = new Map<string, LiteClient>();

export function algoliaConfigured(env: Env): boolean {
  return Boolean(env.ALGOLIA_APP_ID && env.ALGOLIA_SEARCH_API_KEY && env.ALGOLIA_INDEX_NAME);
}

/** `ALGOLIA_HOSTS`: comma-separated hosts, `http://127.0.0.1:9001` or `example.algolia.net`. */
export function parseHosts(value: string | undefined) {
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
        accept: 'read' as const,
      };
    });
}

function client(env: Env): LiteClient {
  const key = `${env.ALGOLIA_APP_ID}|${env.ALGOLIA_SEARCH_API_KEY}|${env.ALGOLIA_HOSTS ?? ''}`;
  let existing = clients.get(key);
  if (!existing) {
    existing = liteClient(env.ALGOLIA_APP_ID!, env.ALGOLIA_SEARCH_API_KEY!, {
      requester: createFetchRequester(),
      timeouts: { connect: 1_000, read: 2_000, write: 30_000 },
      ...(parseHosts(env.ALGOLIA_HOSTS) ? { hosts: parseHosts(env.ALGOLIA_HOSTS) } : {}),
    });
    clients.set(key, existing);
  }
  return existing;
}

/** Algolia does not escape record text; we ask for sentinels, escape, then put the tags in. */
const sentinel = { pre: '__ais-highlight__', post: '__/ais-highlight__' };

/** Every query goes to the configured index, whatever index name the browser used. */
export async function searchUpstream(env: Env, queries: SearchQuery[]): Promise<SearchResponse> {
  const response = await client(env).search({
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
  const results = (response as unknown as SearchResponse).results.map((result, index) => {
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
