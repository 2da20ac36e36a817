// Search answers in the edge cache, keyed by a hash of what answers (build, Algolia app) and the
// normalised request. Only the requests the site's own clients send are kept: another option
// combination is answered but not stored, so a flood of them cannot push the readers' searches
// (and pages, which share the cache) out of it, and every entry is an answer of a known size.

import { hex } from '../hex.ts';
import { canonicalParams, type SearchQuery } from './protocol.ts';

/** `scope` names what answers: the build and, when configured, the Algolia app and index. */
export async function searchCacheKey(scope: string, queries: SearchQuery[]): Promise<Request> {
  const text = `${scope}\n${queries.map((query) => `${query.indexName}?${canonicalParams(query)}`).join('\n')}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  // The Cache API stores GETs only: POST searches live under a synthetic GET URL.
  return new Request(`https://search-cache.internal/${hex(new Uint8Array(digest))}`);
}

/** `hierarchy.lvl<from>` … `hierarchy.lvl6`: the heading levels of a DocSearch record. */
const levels = (from: number) => Array.from({ length: 7 - from }, (_, i) => `hierarchy.lvl${from + i}`);
/** What DocSearch v3 retrieves and snippets for the modal's list (client/search/SearchModal.tsx), sorted. */
const docSearchRetrieved = ['content', ...levels(0), 'type', 'url'].join();
const docSearchSnippeted = ['content', ...levels(1)].join();
/** Snippet words DocSearch asks for: 10, or 5 on a narrow screen. */
const docSearchSnippetWords = new Set([10, 5]);

/**
 * Whether the answer to these queries is kept: each is DocSearch's modal search (20 hits, its
 * attributes, 10- or 5-word snippets, `…`, `<mark>`) or the modal's counted search
 * (client/search/settled-search.ts: one hit, no text), on the first page, filtered by language and
 * by the docs versions of the build (`tags`, and Docusaurus's `default`) at most. Without `tags`
 * (the build not read yet), any version passes.
 */
export function cacheableSearch(queries: SearchQuery[], tags?: readonly string[]): boolean {
  return queries.every((query) => isDocSearchQuery(query, tags));
}

function isDocSearchQuery(query: SearchQuery, tags: readonly string[] | undefined): boolean {
  if (query.page !== 0 || query.snippetEllipsisText !== '…') return false;
  if (query.highlightPreTag !== '<mark>' || query.highlightPostTag !== '</mark>') return false;
  if (!siteFilters(query.facetFilters, tags)) return false;
  const snippeted = Object.entries(query.attributesToSnippet);
  if (query.hitsPerPage === 1)
    return (
      query.attributesToRetrieve?.length === 0 && query.attributesToHighlight?.length === 0 && snippeted.length === 0
    );
  return (
    query.hitsPerPage === 20 &&
    query.attributesToHighlight === undefined &&
    [...(query.attributesToRetrieve ?? [])].sort().join() === docSearchRetrieved &&
    snippeted
      .map(([attribute]) => attribute)
      .sort()
      .join() === docSearchSnippeted &&
    new Set(snippeted.map(([, words]) => words)).size === 1 &&
    docSearchSnippetWords.has(snippeted[0]![1])
  );
}

/** DocSearch's two groups at most: `language:en`, and the docs versions' tags. */
function siteFilters(filters: string[][], tags: readonly string[] | undefined): boolean {
  if (filters.length > 2) return false;
  // A group names at most the pages outside the docs, the version read and each other docs instance.
  const groupSize = 2 + (tags?.filter((tag) => !tag.startsWith('docs-default-')).length ?? 0);
  return filters.every(
    (group) =>
      group.length <= groupSize &&
      group.every((filter) => {
        if (filter === 'language:en') return true;
        const tag = filter.startsWith('docusaurus_tag:') ? filter.slice('docusaurus_tag:'.length) : undefined;
        return tag !== undefined && (!tags || tag === 'default' || tags.includes(tag));
      }),
  );
}
