// The search protocol: DocSearch v3's record schema and Algolia's request and response shapes,
// spoken alike by the worker's endpoint, the modal and the /search page.

export type RecordType = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';
export type HierarchyLevel = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
export type Hierarchy = { lvl0: string } & Record<Exclude<HierarchyLevel, 'lvl0'>, string | null>;

/** One section of a page, as DocSearch's crawler would record it. */
export interface SearchRecord {
  /** Stable across builds while the page, anchor and section order stay the same. */
  objectID: string;
  /** Absolute URL with `#anchor` (on the site's configured url). */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: RecordType;
  hierarchy: Hierarchy;
  content: string | null;
  language: 'en';
  docusaurus_tag: string;
  weight: { level: number; position: number; pageRank: number };
}

/** The version of the docs folder, as Docusaurus names it. */
export const currentVersionName = 'current';
export const docusaurusTag = /* @__PURE__ */ versionTag(currentVersionName);

/** The `docusaurus_tag` of a docs version's search records, as Docusaurus names them. */
export function versionTag(version: string): string {
  return `docs-default-${version}`;
}

/** The `docusaurus_tag` of a docs plugin instance's pages (other than the preset's docs), as Docusaurus names it. */
export function instanceTag(pluginId: string): string {
  return `docs-${pluginId}-${currentVersionName}`;
}

export type MatchLevel = 'none' | 'partial' | 'full';

export interface HighlightValue {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SnippetValue {
  value: string;
  matchLevel: MatchLevel;
}

export interface SearchHit extends Partial<Omit<SearchRecord, 'weight'>> {
  objectID: string;
  _highlightResult: Record<string, HighlightValue | Record<string, HighlightValue>>;
  _snippetResult?: Record<string, SnippetValue | Record<string, SnippetValue>>;
}

export interface SearchResult {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  exhaustiveNbHits: boolean;
  query: string;
  params: string;
  index: string;
  queryID?: string;
}

export interface SearchResponse {
  results: SearchResult[];
}

export const searchLimits = {
  queryLength: 64,
  hitsPerPage: 20,
  /** More is cut to this, as Algolia cuts to 1000: DocSearch asks for 20. */
  maxHitsPerPage: 50,
  bodyBytes: 16 * 1024,
  /** Queries in one request (DocSearch sends one): more is refused. */
  maxRequests: 4,
  /** An answer's JSON at most: hits past it are left out. */
  answerBytes: 256 * 1024,
  /** Hits the `/search` page groups into pages: Algolia's own ceiling for one request. */
  pageSearchHits: 1000,
  pagesPerResultsPage: 10,
  sectionsPerPage: 3,
  snippetWords: 24,
} as const;
