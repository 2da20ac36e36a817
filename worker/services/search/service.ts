// Search: Algolia when configured, the embedded index otherwise and whenever Algolia fails,
// both answering in Algolia's response shape.

import { currentVersionName, versionTag, type SearchResponse } from '../../../client/contract/search-protocol.ts';
import type { SearchRef } from '../../../client/contract/storage.ts';
import { docsVersions } from '../../../client/contract/versions.ts';
import type { Env } from '../../env.ts';
import { currentManifest } from '../content-store.ts';
import { StoreUnavailable } from '../kv-reads.ts';
import { formatPage } from './format.ts';
import { localIndex } from './local-index.ts';
import { localPageResults, searchPageQuery, searchPageResults, type SearchPageResults } from './page-results.ts';
import type { SearchQuery } from './protocol.ts';
import { algoliaConfigured, searchUpstream, UpstreamUnavailable, upstreamResting } from './upstream.ts';

/** The live build a local search reads: its id (cache keys) and where its index lives. */
export interface SearchBuild {
  buildId: string;
  search?: SearchRef;
  /** The last docs version's tag: what the search page searches unless asked for another version. */
  tag?: string;
  /** Every docs version's and other docs instance's `docusaurus_tag`: the facet filters the site's clients send. */
  tags?: string[];
  /** The other docs plugin instances' tags, searched beside `tag` (none on most sites). */
  instanceTags?: string[];
}

export type SearchSource = 'algolia' | 'local';

export interface SearchAnswer {
  response: SearchResponse;
  source: SearchSource;
}

/** Throws (`StoreUnavailable`) only when neither Algolia nor a deployed build can answer. */
export async function search(env: Env, build: SearchBuild | undefined, queries: SearchQuery[]): Promise<SearchAnswer> {
  if (algoliaConfigured(env)) {
    try {
      return { response: await searchUpstream(env, queries), source: 'algolia' };
    } catch (error) {
      noteUpstreamFailure('answering from the embedded index', error);
    }
  }
  if (!build) throw new StoreUnavailable('no deployed build to search, and Algolia did not answer');
  return { response: await searchLocal(env, build, queries), source: 'local' };
}

/** Said once per failure: the searches that skip a resting Algolia do not repeat it. */
function noteUpstreamFailure(what: string, error: unknown): void {
  if (error instanceof UpstreamUnavailable && error.resting) return;
  console.warn(`Algolia failed; ${what}:`, error instanceof Error ? error.message : error);
}

/**
 * Results page `page` of `/search`: Algolia's hits grouped by page when it answers; otherwise
 * the embedded index groups by page itself and reads records only for the pages shown.
 */
export async function searchPage(
  env: Env,
  build: SearchBuild | undefined,
  query: string,
  page: number,
  tag?: string,
): Promise<SearchPageResults | undefined> {
  if (algoliaConfigured(env)) {
    try {
      const [result] = (await searchUpstream(env, [searchPageQuery(query, tag, build?.instanceTags)])).results;
      return result && searchPageResults(result, query, page);
    } catch (error) {
      noteUpstreamFailure('the search page answers from the embedded index', error);
    }
  }
  if (!build) throw new StoreUnavailable('no deployed build to search, and Algolia did not answer');
  return localPageResults(await localIndex(env, build.search), query, page, tag, build.instanceTags);
}

/**
 * The live build, for the embedded index; undefined while the store fails, since Algolia needs
 * nothing from KV. `search` then throws `StoreUnavailable` only if Algolia cannot answer either.
 * `onPointer`: as `currentManifest`'s.
 */
export async function buildToSearch(
  kv: KVNamespace,
  onPointer?: (buildId: string) => void,
): Promise<SearchBuild | undefined> {
  try {
    const { buildId, search, site } = await currentManifest(kv, undefined, onPointer);
    return {
      buildId,
      search,
      tag: versionTag(site.docs.lastVersion ?? currentVersionName),
      tags: [...docsVersions(site).map((version) => versionTag(version.name)), ...(site.docs.instanceTags ?? [])],
      instanceTags: site.docs.instanceTags,
    };
  } catch (error) {
    if (!(error instanceof StoreUnavailable)) throw error;
    console.warn('searching without a deployed build:', error.message);
    return undefined;
  }
}

/**
 * Starts reading the embedded index's directory (when the local index would answer a miss: no
 * Algolia, or Algolia resting after a failure), so that it comes in while the edge cache is
 * asked. A failure here is left to the search itself, which reads again and reports it.
 */
export function prefetchLocalIndex(env: Env, build: SearchBuild | undefined): void {
  if (!build?.search || (algoliaConfigured(env) && !upstreamResting(env))) return;
  localIndex(env, build.search).catch(() => undefined);
}

export async function searchLocal(env: Env, build: SearchBuild, queries: SearchQuery[]): Promise<SearchResponse> {
  const index = await localIndex(env, build.search);
  return {
    results: await Promise.all(
      queries.map(async (query) => {
        const startedAt = Date.now();
        const ranking = await index.search(query.query, query.facetFilters);
        const ids = ranking.slice(query.page * query.hitsPerPage, query.hitsPerPage);
        return formatPage(query, await index.shown(query.query, ranking, ids), ranking.count, startedAt);
      }),
    ),
  };
}
