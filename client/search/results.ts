// Algolia results → the grouped, highlighted list the `/search` page shows. Shared by the
// server render and the page's live updates, so both look the same.

import { escapeHtml } from '../escape-html.ts';
import type { SearchHit, SearchPageData, SearchResult } from '../model.ts';

/** Sentinel tags asked of either engine; the text around them is escaped here. */
export const highlightTags = { pre: '__ais-highlight__', post: '__/ais-highlight__' } as const;

const levels = ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2', 'lvl1'] as const;

export function searchPageGroups(result: SearchResult): SearchPageData['groups'] {
  const groups: SearchPageData['groups'] = [];
  const byPage = new Map<string, SearchPageData['groups'][number]>();
  for (const hit of result.hits) {
    const pageUrl = relativeUrl(hit.url_without_anchor ?? hit.url ?? '/');
    let group = byPage.get(pageUrl);
    if (!group) {
      group = { title: plain(hierarchyValue(hit, 'lvl1') ?? pageUrl), url: pageUrl, hits: [] };
      byPage.set(pageUrl, group);
      groups.push(group);
    }
    const deepest = levels.find((level) => hierarchyValue(hit, level));
    // The page is the group's title; a hit's trail is the headings above its own.
    const parents = (['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const)
      .filter((level) => level !== deepest && levels.indexOf(level) > levels.indexOf(deepest ?? 'lvl1'))
      .map((level) => hierarchyValue(hit, level))
      .filter((value): value is string => Boolean(value))
      .map(plain);
    const url = relativeUrl(hit.url ?? pageUrl);
    const content = snippetValue(hit);
    // Several paragraphs of one section make one entry with up to two snippets.
    const existing = group.hits.find((entry) => entry.url === url);
    if (existing) {
      if (content && existing.snippets.length < 2) existing.snippets.push(marked(content));
      continue;
    }
    group.hits.push({
      url,
      title: marked(highlighted(hit, deepest ?? 'lvl1') ?? ''),
      trail: parents.join(' › '),
      snippets: content ? [marked(content)] : [],
    });
  }
  return groups;
}

/** Same-origin path for a record URL, so hits work on any host the site is served from. */
export function relativeUrl(url: string): string {
  try {
    const parsed = new URL(url, 'https://placeholder.invalid');
    return `${parsed.pathname}${parsed.hash}`;
  } catch {
    return '/';
  }
}

function hierarchyValue(hit: SearchHit, level: string): string | null | undefined {
  return (hit.hierarchy as Record<string, string | null> | undefined)?.[level];
}

function highlighted(hit: SearchHit, level: string): string | undefined {
  const group = hit._highlightResult?.hierarchy as Record<string, { value: string }> | undefined;
  return group?.[level]?.value ?? hierarchyValue(hit, level) ?? undefined;
}

function snippetValue(hit: SearchHit): string | undefined {
  const snippet = hit._snippetResult?.content as { value: string } | undefined;
  if (snippet?.value) return snippet.value;
  const highlight = hit._highlightResult?.content as { value: string } | undefined;
  return highlight?.value ?? hit.content ?? undefined;
}

/** Escaped HTML with <mark> where the engine put its sentinels. */
function marked(value: string): string {
  return escapeHtml(decodeEntities(value))
    .split(highlightTags.pre)
    .join('<mark>')
    .split(highlightTags.post)
    .join('</mark>');
}

function plain(value: string): string {
  return decodeEntities(value).split(highlightTags.pre).join('').split(highlightTags.post).join('');
}

function decodeEntities(value: string): string {
  return value.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!,
  );
}

/** The body the page sends to the search endpoint. */
export function searchPageRequest(query: string, page: number, hitsPerPage = 20) {
  return {
    requests: [
      {
        indexName: 'docs',
        query,
        page,
        hitsPerPage,
        attributesToSnippet: ['content:24'],
        snippetEllipsisText: '…',
        highlightPreTag: highlightTags.pre,
        highlightPostTag: highlightTags.post,
        facetFilters: [['language:en'], ['docusaurus_tag:docs-default-current']],
      },
    ],
  };
}
