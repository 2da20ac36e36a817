// The Algolia REST protocol as DocSearch v3 and the algoliasearch v5 clients send it:
// parse and validate `POST /1/indexes/*/queries` bodies into normalised queries.

import { HTTPException } from 'hono/http-exception';
import { searchLimits } from '../../../client/contract/search-protocol.ts';

export interface SearchQuery {
  indexName: string;
  query: string;
  hitsPerPage: number;
  page: number;
  attributesToRetrieve?: string[];
  /** Attributes to highlight (`hierarchy`, `hierarchy.lvl2`, `content`); all when not given. */
  attributesToHighlight?: string[];
  /** Attribute → number of words in the snippet. */
  attributesToSnippet: Record<string, number>;
  snippetEllipsisText: string;
  highlightPreTag: string;
  highlightPostTag: string;
  /** AND of ORs, as Algolia reads facetFilters. */
  facetFilters: string[][];
  clickAnalytics: boolean;
  /** Algolia's `analytics`: false for a request that should not count as a search (typing). */
  analytics: boolean;
}

/** A search request the endpoint refuses; the error handler answers it in Algolia's `{ message, status }`. */
export class SearchRequestError extends HTTPException {
  constructor(status: 400 | 405 | 413 | 415, message: string) {
    super(status, { message });
  }
}

type Raw = Record<string, unknown>;

/**
 * What one query may ask for, besides `searchLimits` (queries, hits, query length, body bytes).
 * The site's own clients stay far below (DocSearch: 10 attributes retrieved, 7 snippeted at 10 or
 * 5 words, `…`, `<mark>`, two facet groups); the room above is for other Algolia clients. Numbers
 * a smaller answer still serves (snippet words, like hitsPerPage and page) are cut to the limit,
 * as Algolia cuts hitsPerPage to 1000; text and lists over it are refused: no client sends them
 * by mistake, and cutting them would change what the client asked.
 */
export const queryLimits = {
  /** Words in a snippet: the site's own `/search` page shows 24. */
  snippetWords: 30,
  /** Names in each attribute list: a record has fewer attributes than this. */
  attributes: 20,
  attributeLength: 64,
  ellipsisLength: 16,
  /** A highlight tag with its class attribute. */
  tagLength: 64,
  /** Values in all facet filter groups together. */
  facetValues: 16,
  facetValueLength: 128,
  indexNameLength: 128,
  page: 1000,
} as const;

/** Highlight tags clients may ask for: inline elements that carry no behaviour, or InstantSearch's sentinels. */
const safeTag = /^(<\/?(mark|em|strong|b|i|u|span|ais-highlight-\d+)( class="[\w -]*")?>|__\/?ais-highlight__)$/;
/** The tags nearly every client sends, which pass without the pattern (compiled on first use). */
const usualTags = new Set(['<mark>', '</mark>', '<em>', '</em>']);

export function parseSearchBody(text: string): SearchQuery[] {
  // A character is at most three UTF-8 bytes: most bodies need not be encoded to be measured.
  if (text.length * 3 > searchLimits.bodyBytes && new TextEncoder().encode(text).length > searchLimits.bodyBytes) {
    throw new SearchRequestError(413, `The request body is larger than ${searchLimits.bodyBytes} bytes`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SearchRequestError(400, 'The request body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new SearchRequestError(400, 'The request body must be a JSON object with a `requests` array');
  const requests = (body as Raw).requests;
  if (!Array.isArray(requests)) throw new SearchRequestError(400, '`requests` is required and must be an array');
  if (requests.length === 0) throw new SearchRequestError(400, '`requests` must contain at least one query');
  if (requests.length > searchLimits.maxRequests)
    throw new SearchRequestError(400, `\`requests\` may contain at most ${searchLimits.maxRequests} queries`);
  return requests.map((request, index) => parseQuery(request, index));
}

function parseQuery(request: unknown, index: number): SearchQuery {
  if (!request || typeof request !== 'object' || Array.isArray(request))
    throw new SearchRequestError(400, `requests[${index}] must be an object`);
  const { params, ...fields } = request as Raw;
  if (params !== undefined && typeof params !== 'string')
    throw new SearchRequestError(400, `requests[${index}].params must be a string`);
  // Older clients send search parameters as a URL-encoded `params` string; newer ones as fields.
  const merged: Raw = { ...(typeof params === 'string' ? parseParamsString(params) : {}), ...fields };
  const where = `requests[${index}]`;

  const query = optional(merged.query, 'string', `${where}.query`) ?? '';
  const hitsPerPage = optionalInteger(merged.hitsPerPage, `${where}.hitsPerPage`) ?? searchLimits.hitsPerPage;
  const page = optionalInteger(merged.page, `${where}.page`) ?? 0;
  if (hitsPerPage < 0 || page < 0)
    throw new SearchRequestError(400, `${where}: hitsPerPage and page must not be negative`);

  const highlightPreTag = optional(merged.highlightPreTag, 'string', `${where}.highlightPreTag`) ?? '<em>';
  const highlightPostTag = optional(merged.highlightPostTag, 'string', `${where}.highlightPostTag`) ?? '</em>';
  // The tags are inserted into HTML that clients render as is: only plain element tags pass.
  for (const tag of [highlightPreTag, highlightPostTag]) {
    // Each match repeats the tags: a long one multiplies the answer.
    if (tag.length > queryLimits.tagLength)
      throw new SearchRequestError(400, `${where}: highlight tags may be at most ${queryLimits.tagLength} characters`);
    if (!usualTags.has(tag) && !safeTag.test(tag))
      throw new SearchRequestError(
        400,
        `${where}: highlight tags must be simple element tags such as <mark> and </mark>`,
      );
  }

  const snippetEllipsisText = optional(merged.snippetEllipsisText, 'string', `${where}.snippetEllipsisText`) ?? '…';
  // Each snippet repeats it, as the tags.
  if (snippetEllipsisText.length > queryLimits.ellipsisLength)
    throw new SearchRequestError(
      400,
      `${where}.snippetEllipsisText may be at most ${queryLimits.ellipsisLength} characters`,
    );
  const indexName = optional(merged.indexName, 'string', `${where}.indexName`) ?? 'docs';
  if (indexName.length > queryLimits.indexNameLength)
    throw new SearchRequestError(400, `${where}.indexName may be at most ${queryLimits.indexNameLength} characters`);

  return {
    indexName,
    query: [...query].slice(0, searchLimits.queryLength).join(''),
    hitsPerPage: Math.min(hitsPerPage, searchLimits.maxHitsPerPage),
    page: Math.min(page, queryLimits.page),
    attributesToRetrieve: stringList(merged.attributesToRetrieve, `${where}.attributesToRetrieve`),
    attributesToHighlight: stringList(merged.attributesToHighlight, `${where}.attributesToHighlight`),
    attributesToSnippet: snippetSpec(stringList(merged.attributesToSnippet, `${where}.attributesToSnippet`) ?? []),
    snippetEllipsisText,
    highlightPreTag,
    highlightPostTag,
    facetFilters: facetFilters(merged.facetFilters, `${where}.facetFilters`),
    clickAnalytics: optional(merged.clickAnalytics, 'boolean', `${where}.clickAnalytics`) ?? false,
    analytics: optional(merged.analytics, 'boolean', `${where}.analytics`) ?? true,
  };
}

function parseParamsString(params: string): Raw {
  const result: Raw = {};
  for (const [key, value] of new URLSearchParams(params)) {
    if (/^[[{]/.test(value)) {
      try {
        result[key] = JSON.parse(value);
        continue;
      } catch {
        // Not JSON after all: keep the text.
      }
    }
    result[key] = /^-?\d+$/.test(value) ? Number(value) : value === 'true' ? true : value === 'false' ? false : value;
  }
  return result;
}

function optional<T extends 'string' | 'boolean'>(
  value: unknown,
  type: T,
  name: string,
): (T extends 'string' ? string : boolean) | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== type) throw new SearchRequestError(400, `${name} must be a ${type}`);
  return value as never;
}

function optionalInteger(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number))
    throw new SearchRequestError(400, `${name} must be an integer`);
  return number;
}

function stringList(value: unknown, name: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string'))
    throw new SearchRequestError(400, `${name} must be a list of strings`);
  if (list.length > queryLimits.attributes)
    throw new SearchRequestError(400, `${name} may name at most ${queryLimits.attributes} attributes`);
  if (list.some((item) => item.length > queryLimits.attributeLength))
    throw new SearchRequestError(400, `${name}: an entry may be at most ${queryLimits.attributeLength} characters`);
  return list.map((item) => item.trim());
}

function snippetSpec(list: string[]): Record<string, number> {
  const spec: Record<string, number> = {};
  for (const item of list) {
    const [attribute = '', words] = item.split(':');
    if (attribute) spec[attribute] = Math.min(Math.max(Number(words) || 10, 1), queryLimits.snippetWords);
  }
  return spec;
}

/**
 * AND of ORs, in one order: values sorted and once in a group, groups sorted and once, so a filter
 * written in another order or with repeats is the same query (and the same edge-cache entry).
 */
function facetFilters(value: unknown, name: string): string[][] {
  if (value === undefined || value === null) return [];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list)) throw new SearchRequestError(400, `${name} must be a list`);
  const groups = list.map((entry) => {
    const group = typeof entry === 'string' ? [entry] : entry;
    if (!Array.isArray(group) || !group.every((item) => typeof item === 'string'))
      throw new SearchRequestError(400, `${name} must contain strings or lists of strings`);
    return group as string[];
  });
  const values = groups.flat();
  if (values.length > queryLimits.facetValues)
    throw new SearchRequestError(400, `${name} may hold at most ${queryLimits.facetValues} values`);
  if (values.some((item) => item.length > queryLimits.facetValueLength))
    throw new SearchRequestError(400, `${name}: a value may be at most ${queryLimits.facetValueLength} characters`);
  const sorted = groups.map((group) => [...new Set(group)].sort());
  const byText = new Map(sorted.map((group) => [JSON.stringify(group), group]));
  return [...byText.keys()].sort().map((text) => byText.get(text)!);
}

/** The request as a stable string: the edge cache key and the echoed `params`. */
export function canonicalParams(query: SearchQuery): string {
  const params = new URLSearchParams();
  params.set('query', query.query);
  params.set('hitsPerPage', String(query.hitsPerPage));
  params.set('page', String(query.page));
  if (query.attributesToRetrieve) params.set('attributesToRetrieve', JSON.stringify(query.attributesToRetrieve));
  if (query.attributesToHighlight) params.set('attributesToHighlight', JSON.stringify(query.attributesToHighlight));
  params.set(
    'attributesToSnippet',
    JSON.stringify(Object.entries(query.attributesToSnippet).map(([a, n]) => `${a}:${n}`)),
  );
  params.set('snippetEllipsisText', query.snippetEllipsisText);
  params.set('highlightPreTag', query.highlightPreTag);
  params.set('highlightPostTag', query.highlightPostTag);
  if (query.facetFilters.length) params.set('facetFilters', JSON.stringify(query.facetFilters));
  if (query.clickAnalytics) params.set('clickAnalytics', 'true');
  if (!query.analytics) params.set('analytics', 'false');
  return params.toString();
}
