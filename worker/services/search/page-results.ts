// The `/search` page's results: the engine's hits grouped by documentation page, best page
// first, each page with its best few sections and, for every section, a snippet that shows why
// it matched. Either engine answers the same request; only the few sections shown are
// highlighted, here, so grouping a thousand hits costs the engine no highlighting.

import {
  docusaurusTag,
  searchLimits,
  type SearchHit,
  type SearchResult,
} from '../../../client/contract/search-protocol.ts';
import { searchFacetFilters } from '../../../client/contract/search-facets.ts';
import type { SearchPageData, SearchPageGroup, SearchPageSection } from '../../../client/contract/search-page.ts';
import { relativeUrl } from '../../../client/contract/urls.ts';
import { formatPage } from './format.ts';
import { highlight, queryWords, snippet, type Tags } from './highlight.ts';
import type { LocalIndex } from './local-index.ts';
import type { SearchQuery } from './protocol.ts';

/** Ranked hits, text only: enough to group, count and snippet every matching page. */
/**
 * `tag`: the docs version searched (`docusaurus_tag`), one version at a time as in Docusaurus, with
 * the pages outside the docs.
 */
export function searchPageQuery(
  query: string,
  tag: string = docusaurusTag,
  instanceTags: readonly string[] = [],
): SearchQuery {
  return {
    indexName: 'docs',
    query,
    page: 0,
    hitsPerPage: searchLimits.pageSearchHits,
    attributesToRetrieve: ['hierarchy', 'content', 'url', 'url_without_anchor', 'type'],
    attributesToHighlight: [],
    attributesToSnippet: {},
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    facetFilters: searchFacetFilters(tag, instanceTags),
    clickAnalytics: false,
    analytics: true,
  };
}

export type SearchPageResults = Pick<SearchPageData, 'page' | 'nbPages' | 'matchedPages' | 'exhaustive' | 'groups'>;

interface Section {
  url: string;
  /** Its hits, best first: the heading, its paragraphs. */
  hits: SearchHit[];
}

interface MatchedPage {
  url: string;
  title: string;
  sections: Section[];
  /** Every hit of the page, best first. */
  hits: SearchHit[];
}

const tags: Tags = { pre: '<mark>', post: '</mark>', ellipsis: '…' };
const headingLevels = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
type HeadingLevel = (typeof headingLevels)[number];

/** Results page `page` (from 0) of the pages that match, `searchLimits.pagesPerResultsPage` a page. */
export function searchPageResults(result: SearchResult, query: string, page: number): SearchPageResults {
  const pages = matchedPages(result.hits);
  const perPage = searchLimits.pagesPerResultsPage;
  const shown = pages.slice(page * perPage, (page + 1) * perPage);
  return resultsPage(shown, pages.length, result.nbHits <= result.hits.length, query, page);
}

/**
 * The same from the embedded index, natively: pages ordered by their best record from the
 * ranked ids alone, records read only for the pages shown. Every match counts (exhaustive).
 */
export async function localPageResults(
  index: LocalIndex,
  query: string,
  page: number,
  tag?: string,
  instanceTags?: readonly string[],
): Promise<SearchPageResults> {
  const request = searchPageQuery(query, tag, instanceTags);
  const ranking = await index.search(query, request.facetFilters);
  const order = ranking.pages(index.pageOf);
  const perPage = searchLimits.pagesPerResultsPage;
  const shown = new Set(order.slice(page * perPage, (page + 1) * perPage));
  const records = await index.shown(query, ranking, ranking.recordsOf(shown, index.pageOf));
  const { hits } = formatPage(request, records, records.length, Date.now());
  return resultsPage(matchedPages(hits), order.length, true, query, page);
}

function resultsPage(
  shown: MatchedPage[],
  total: number,
  exhaustive: boolean,
  query: string,
  page: number,
): SearchPageResults {
  const words = queryWords(query);
  return {
    page,
    nbPages: Math.ceil(total / searchLimits.pagesPerResultsPage),
    matchedPages: total,
    exhaustive,
    groups: shown.map((matched) => pageGroup(matched, words)),
  };
}

/** Pages in the order of their best hit; in each, sections in the order of their best hit. */
function matchedPages(hits: SearchHit[]): MatchedPage[] {
  const pages = new Map<string, MatchedPage>();
  for (const hit of hits) {
    const url = relativeUrl(hit.url ?? '/');
    const pageUrl = relativeUrl(hit.url_without_anchor ?? url.split('#')[0]!);
    let page = pages.get(pageUrl);
    if (!page) {
      page = { url: pageUrl, title: plain(level(hit, 'lvl1') ?? pageUrl), sections: [], hits: [] };
      pages.set(pageUrl, page);
    }
    page.hits.push(hit);
    const section = page.sections.find((entry) => entry.url === url);
    if (section) section.hits.push(hit);
    else page.sections.push({ url, hits: [hit] });
  }
  return [...pages.values()];
}

function pageGroup(page: MatchedPage, words: string[]): SearchPageGroup {
  const limit = searchLimits.sectionsPerPage;
  const sections = page.sections.slice(0, limit);
  const context: GroupContext = {
    page,
    words,
    displayed: new Set(sections.map((entry) => entry.url)),
    shown: new Set(),
  };
  const group: SearchPageGroup = {
    title: page.title,
    url: page.url,
    sections: sections.map((section) => sectionEntry(section, context)),
  };
  const further = page.sections[limit];
  if (further) group.more = { count: page.sections.length - limit, url: further.url };
  return group;
}

interface GroupContext {
  page: MatchedPage;
  words: string[];
  /** Sections the group shows. */
  displayed: Set<string>;
  /** Texts already shown as snippets. */
  shown: Set<string>;
}

function sectionEntry(section: Section, context: GroupContext): SearchPageSection {
  const first = section.hits[0]!;
  const deepest = deepestLevel(first);
  // The page is the group's title; a section's trail is the headings above its own.
  const trail = headingLevels
    .slice(1, headingLevels.indexOf(deepest))
    .map((name) => level(first, name))
    .filter((value): value is string => Boolean(value))
    .map(plain);
  return {
    url: section.url,
    title: highlight(plain(level(first, deepest) ?? context.page.title), context.words, tags).value,
    trail: trail.join(' › '),
    snippets: sectionSnippets(section, deepest, context),
  };
}

/**
 * Up to two of the section's paragraphs that contain the query words (best first); otherwise
 * its first paragraph, since then its heading or the page title is what matched. A heading with
 * no text of its own borrows one paragraph from beneath it, preferably one no other section of
 * the group shows.
 */
function sectionSnippets(section: Section, deepest: HeadingLevel, context: GroupContext): string[] {
  const own = texts(section.hits);
  if (own.length > 0) return chooseSnippets(own, 2, context);
  const first = section.hits[0]!;
  const below = context.page.hits.filter((hit) => hit.url !== first.url && beneath(hit, first, deepest));
  const elsewhere = texts(below.filter((hit) => !context.displayed.has(relativeUrl(hit.url ?? '/'))));
  const unseen = elsewhere.filter((text) => !context.shown.has(text));
  return chooseSnippets(unseen.length > 0 ? unseen : texts(below), 1, context);
}

function chooseSnippets(candidates: string[], max: number, context: GroupContext): string[] {
  const count = searchLimits.snippetWords;
  const chosen: string[] = [];
  // A page title makes every paragraph of its page a hit: look at a few, not all.
  for (const text of candidates.slice(0, 10)) {
    if (snippet(text, context.words, count, tags).matchLevel !== 'none') chosen.push(text);
    if (chosen.length === max) break;
  }
  if (chosen.length === 0 && candidates[0]) chosen.push(candidates[0]);
  for (const text of chosen) context.shown.add(text);
  return chosen.map((text) => snippet(text, context.words, count, tags).value);
}

function texts(hits: SearchHit[]): string[] {
  return hits.map(contentOf).filter((text): text is string => Boolean(text));
}

/** Whether `hit` sits under the heading of `section` (same headings down to its level). */
function beneath(hit: SearchHit, section: SearchHit, deepest: HeadingLevel): boolean {
  if (!contentOf(hit)) return false;
  return headingLevels
    .slice(0, headingLevels.indexOf(deepest) + 1)
    .every((name) => level(hit, name) === level(section, name));
}

function deepestLevel(hit: SearchHit): HeadingLevel {
  return [...headingLevels].reverse().find((name) => level(hit, name)) ?? 'lvl1';
}

function level(hit: SearchHit, name: string): string | undefined {
  return (hit.hierarchy as Record<string, string | null> | undefined)?.[name] ?? undefined;
}

function contentOf(hit: SearchHit): string | undefined {
  return hit.content ? plain(hit.content) : undefined;
}

/** Engines return record text HTML-escaped; highlighting escapes it again, around its marks. */
function plain(value: string): string {
  return value.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!,
  );
}
