// Records → an Algolia `results[i]` object: retrieved attributes, highlight and snippet
// values, paging. The search route adds a signed queryID when click analytics are on.

import type {
  HighlightValue,
  SearchHit,
  SearchRecord,
  SearchResult,
  SnippetValue,
} from '../../../client/contract/search-protocol.ts';
import { canonicalParams, type SearchQuery } from './protocol.ts';
import { escapeHtml } from '../../../client/contract/escape-html.ts';
import { highlight, queryWords, snippet, type Tags } from './highlight.ts';

const hierarchyLevels = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

export function applyFacetFilters<T extends Pick<SearchRecord, 'language' | 'docusaurus_tag'>>(
  records: T[],
  filters: string[][],
): T[] {
  if (filters.length === 0) return records;
  return records.filter((record) =>
    filters.every((group) =>
      group.some((filter) => {
        const negate = filter.startsWith('-');
        const [attribute = '', ...rest] = (negate ? filter.slice(1) : filter).split(':');
        const value = (record as unknown as Record<string, unknown>)[attribute];
        const hit = typeof value === 'string' && value === rest.join(':');
        return negate ? !hit : hit;
      }),
    ),
  );
}

export function formatResult(query: SearchQuery, matches: SearchRecord[], startedAt: number): SearchResult {
  return formatPage(
    query,
    matches.slice(query.page * query.hitsPerPage, (query.page + 1) * query.hitsPerPage),
    matches.length,
    startedAt,
  );
}

/** The results page `query.page` of `nbHits` matches, given that page's records only. */
export function formatPage(
  query: SearchQuery,
  pageHits: SearchRecord[],
  nbHits: number,
  startedAt: number,
): SearchResult {
  const words = queryWords(query.query);
  const tags: Tags = { pre: query.highlightPreTag, post: query.highlightPostTag, ellipsis: query.snippetEllipsisText };
  const nbPages = query.hitsPerPage === 0 ? 0 : Math.ceil(nbHits / query.hitsPerPage);
  const result: SearchResult = {
    hits: pageHits.map((record) => formatHit(record, query, words, tags)),
    nbHits,
    page: query.page,
    nbPages,
    hitsPerPage: query.hitsPerPage,
    processingTimeMS: Math.max(0, Math.round(Date.now() - startedAt)),
    exhaustiveNbHits: true,
    query: query.query,
    params: canonicalParams(query),
    index: query.indexName,
  };
  return result;
}

function formatHit(record: SearchRecord, query: SearchQuery, words: string[], tags: Tags): SearchHit {
  const hierarchy = Object.fromEntries(
    hierarchyLevels.map((level) => [
      level,
      record.hierarchy[level] === null ? null : escapeHtml(record.hierarchy[level]!),
    ]),
  );
  const full: Record<string, unknown> = {
    url: record.url,
    url_without_anchor: record.url_without_anchor,
    anchor: record.anchor,
    type: record.type,
    hierarchy,
    content: record.content === null ? null : escapeHtml(record.content),
    language: record.language,
    docusaurus_tag: record.docusaurus_tag,
  };
  const hit = retrieve(full, query.attributesToRetrieve) as Partial<SearchHit>;

  const highlightHierarchy: Record<string, HighlightValue> = {};
  for (const level of hierarchyLevels) {
    const value = record.hierarchy[level];
    if (value && highlights(query, `hierarchy.${level}`)) highlightHierarchy[level] = highlight(value, words, tags);
  }
  const highlightResult: SearchHit['_highlightResult'] = {};
  if (Object.keys(highlightHierarchy).length > 0 || highlights(query, 'hierarchy'))
    highlightResult.hierarchy = highlightHierarchy;
  if (record.content && highlights(query, 'content')) highlightResult.content = highlight(record.content, words, tags);

  const snippetResult: Record<string, SnippetValue | Record<string, SnippetValue>> = {};
  for (const [attribute, count] of Object.entries(query.attributesToSnippet)) {
    const text = attributeText(record, attribute);
    if (text === undefined) continue;
    const value = snippet(text, words, count, tags);
    if (attribute.startsWith('hierarchy.')) {
      const group = (snippetResult.hierarchy ??= {}) as Record<string, SnippetValue>;
      group[attribute.slice('hierarchy.'.length)] = value;
    } else snippetResult[attribute] = value;
  }
  return { ...hit, objectID: record.objectID, _highlightResult: highlightResult, _snippetResult: snippetResult };
}

/** Whether `attributesToHighlight` names the attribute (or its parent); every one when it is not given. */
function highlights(query: SearchQuery, attribute: string): boolean {
  const list = query.attributesToHighlight;
  if (!list || list.includes('*')) return true;
  return list.some((name) => name === attribute || attribute.startsWith(`${name}.`));
}

/**
 * The text of a snippeted attribute; undefined for one the record does not have, as Algolia
 * ignores it. Names come from the request, so only own properties count (`__proto__`,
 * `constructor`, `toString` are not attributes).
 */
function attributeText(record: SearchRecord, attribute: string): string | undefined {
  if (attribute === 'content') return record.content ?? undefined;
  const level = attribute.startsWith('hierarchy.') ? attribute.slice('hierarchy.'.length) : undefined;
  if (level && Object.hasOwn(record.hierarchy, level)) {
    const text = record.hierarchy[level as 'lvl1'];
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
}

/**
 * Keep the attributes asked for (`hierarchy.lvl1` keeps that level); all when none were named.
 * Only own properties: a name such as `constructor` or `hierarchy.__proto__` is no attribute.
 */
function retrieve(full: Record<string, unknown>, attributes: string[] | undefined): Record<string, unknown> {
  if (!attributes || attributes.includes('*')) return full;
  const kept: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const [top = '', sub] = attribute.split('.');
    if (!Object.hasOwn(full, top)) continue;
    const value = full[top];
    if (sub && typeof value === 'object' && value !== null) {
      if (!Object.hasOwn(value, sub)) continue;
      const group = (kept[top] ??= {}) as Record<string, unknown>;
      group[sub] = (value as Record<string, unknown>)[sub];
    } else kept[top] = value;
  }
  return kept;
}
