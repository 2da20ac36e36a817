// The shapes that cross a boundary: written by the build, stored in KV, read by the worker,
// shipped to the browser. Declared once here and imported everywhere.

import type { IslandAssets } from './islands/contract.ts';
import type { RedirectRule } from './redirect-rules.ts';

/** A node of a compiled page: text, or an element with a tag (HTML/SVG) or a registered component name. */
export type TreeNode = string | TreeElement;

export interface TreeElement {
  /** Lower-case HTML/SVG tag, or a capitalised component name from the registry. */
  t: string;
  /** Props, already in React form (className, camelCase SVG attributes). */
  p?: Record<string, unknown>;
  c?: TreeNode[];
}

/**
 * A prop whose value is page content (`<Details summary={<b>Why?</b>}>`): stored as nodes and
 * rendered like children, where a plain object prop (`values`, `style`) stays data.
 */
export interface ContentProp {
  $content: TreeNode[];
}

export interface TocItem {
  id: string;
  /** Heading text without markup. */
  text: string;
  level: 2 | 3;
}

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageLink {
  title: string;
  href: string;
}

/** Everything needed to render one doc route; KV `b:<id>:page:<route>` and `/__data/<id>/<route>.json`. */
export interface PageData {
  route: string;
  title: string;
  description: string;
  keywords: string[];
  hideTitle: boolean;
  hideTableOfContents: boolean;
  /** Extra class on the page wrapper (frontmatter `className`). */
  className?: string;
  /** Frontmatter `unlisted`: reachable by URL only — no search, sitemap or pagination, `noindex, nofollow`. */
  unlisted?: true;
  /** Id of the sidebar this page belongs to; absent when the page is in no sidebar. */
  sidebar?: string;
  /** Name of the docs version the page belongs to (`current` for the docs folder). */
  version?: string;
  /**
   * The same doc in the site's other versions, by version name (only those that have it): where
   * the version dropdown and the banner lead. One entry a version, like the dropdown itself.
   */
  versions?: Record<string, string>;
  tree: TreeNode[];
  toc: TocItem[];
  breadcrumbs: Crumb[];
  /** When the source file last changed (ISO 8601, from git history); absent when unknown. */
  lastModified?: string;
  previous?: PageLink;
  next?: PageLink;
  /** Source file relative to the content folder, for error messages and edit links. */
  source: string;
  /** The site component modules the page uses (client/islands/contract.ts), when it uses any. */
  islands?: string[];
  /** Their stylesheets and scripts: added by the worker from its manifest, never stored. */
  islandAssets?: Record<string, IslandAssets>;
  /**
   * The style groups the page needs besides those every page has (`doc`, then `code`,
   * `diagrams`... as its tree uses them), in cascade order; decided by the build
   * (scripts/build/style-groups.ts). A page stored without it gets every group.
   */
  styles?: string[];
}

/**
 * What the boot data carries of a page: what the layout around it needs. The page itself is in
 * the HTML, which the browser keeps as it is, so sending its tree or TOC too would send it twice.
 */
export type BootPage = Pick<
  PageData,
  'route' | 'title' | 'sidebar' | 'className' | 'version' | 'versions' | 'islandAssets'
>;

export type SidebarItem = SidebarDoc | SidebarLink | SidebarCategory;

export interface SidebarDoc {
  type: 'doc';
  label: string;
  href: string;
}

export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  /** Route of the category's own page, when it has one. */
  href?: string;
  collapsed: boolean;
  collapsible: boolean;
  items: SidebarItem[];
  /** Its items were left out of a large sidebar's server render (they come with the sidebar's data file). */
  pruned?: true;
}

export interface NavbarItem {
  label: string;
  href: string;
  position: 'left' | 'right';
  /** Open outside the current tab. */
  external: boolean;
  /** A doc or sidebar item's target while the reader is in another docs version, by version name. */
  byVersion?: Record<string, string>;
}

export interface SocialLink {
  name: string;
  href: string;
  /** Key of a built-in icon: discord, github, x, telegram, instagram, youtube, linkedin, link. */
  icon: string;
}

export interface FooterLink {
  label: string;
  href: string;
  newTab: boolean;
}

export interface AnnouncementBar {
  id: string;
  /** Trusted HTML from the site configuration. */
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

export type ThemeName = 'light' | 'dark';
export type ThemePreference = ThemeName | 'system';

export interface SiteConfig {
  title: string;
  /** Between a page's title and the site's in <title> (Docusaurus's `titleDelimiter`). */
  titleDelimiter: string;
  tagline: string;
  url: string;
  favicon: string;
  navbar: {
    title: string;
    logo: { alt: string; src: string; srcDark: string; href: string; target: '_self' | '_blank' };
    items: NavbarItem[];
    hideOnScroll: boolean;
  };
  footer: {
    social: SocialLink[];
    links: FooterLink[];
    copyright: string;
  };
  colorMode: {
    defaultMode: ThemeName;
    disableSwitch: boolean;
    respectPrefersColorScheme: boolean;
  };
  announcementBar?: AnnouncementBar;
  docs: {
    /** Label of the current version (the docs folder). */
    versionLabel: string;
    /** URL prefix of every doc route ('/' serves docs from the site root). */
    routeBasePath: string;
    /** The versions served, in the dropdown's order (newest first); one, `current`, without versions.json. */
    versions: DocsVersion[];
    /** Name of the version served at `routeBasePath` (versions.json's first, or `lastVersion`). */
    lastVersion: string;
  };
  onBrokenLinks: 'throw' | 'warn' | 'ignore';
  onBrokenMarkdownLinks: 'throw' | 'warn' | 'ignore';
  /** A link to a #fragment the linked page has no id for (Docusaurus's default: warn). */
  onBrokenAnchors: 'throw' | 'warn' | 'ignore';
  markdown: MarkdownDialect;
}

/** One docs version as the navbar's dropdown and a page's banner need it. */
export interface DocsVersion {
  /** `current` (the docs folder) or a name from versions.json. */
  name: string;
  label: string;
  /** Route prefix of its pages. */
  path: string;
  /** Where the dropdown leads when the page read has no counterpart in this version. */
  firstPage: string;
  /** The banner its pages show: none, unreleased (newer than the last version) or unmaintained. */
  banner: 'none' | 'unreleased' | 'unmaintained';
}

/** How pages are read, as Docusaurus's `markdown` option says (build only). */
export interface MarkdownDialect {
  /** 'mdx' reads every page as MDX; 'md' as CommonMark; 'detect' by extension (`.md` CommonMark, `.mdx` MDX). */
  format: 'mdx' | 'md' | 'detect';
  /** MDX 1 syntax Docusaurus 3 still accepts: `<!-- -->` comments, `:::note Title`, `## Title {#id}`. */
  mdx1Compat: { comments: boolean; admonitions: boolean; headingIds: boolean };
}

export interface ClientAssets {
  /** The entry module, absolute URL path. */
  script: string;
  /** Chunks the entry imports statically: preloaded so they load in parallel. */
  modulePreloads: string[];
  /**
   * The page stylesheet in groups, in cascade order: each page inlines in its <head> the groups
   * it uses, so no request stands before the first paint, and the browser links the others
   * (hashed, immutable files) when a client-side navigation needs them. Font URLs are absolute.
   * No font is preloaded: the web font is `font-display: optional`, so the first paint never
   * waits for it (client/styles/fonts.css).
   */
  styleGroups?: StyleGroup[];
  /**
   * The whole page stylesheet, inlined in every page: builds made before style groups. A build
   * made before the inline stylesheet has neither: its browser code still renders the whole page
   * from the boot data, so the worker sends such a build the whole page, and a rollback to it works.
   */
  inlineStyle?: string;
  /**
   * Stylesheets linked after the inline one, so their rules win: the site's own customCss (a
   * build from before the inline stylesheet lists its own stylesheet here).
   */
  styles: string[];
  /** The search modal's stylesheet, loaded with its lazy chunk. */
  searchStyle?: string;
}

/**
 * Which documents a style group is for: `every` one; a doc `page` that lists it (PageData.styles);
 * the `search` page; a document in the `web-font` (<html class="web-font">); or none at first, the
 * browser loading it at its first client-side `navigation`.
 */
export type StyleScope = 'every' | 'page' | 'search' | 'web-font' | 'navigation' | 'status' | 'drawer';

export interface StyleGroup {
  name: string;
  scope: StyleScope;
  css: string;
  /** The same CSS as a file, `/assets/<name>-<hash>.css`, for the browser to link. */
  href: string;
}

/** A tag a site's config adds to every page's head (Docusaurus `headTags`, `stylesheets`, `scripts`). */
export interface HeadTag {
  tagName: 'link' | 'meta' | 'script' | 'style';
  /** Escaped when written; an empty value is written as a bare attribute. */
  attributes: Record<string, string>;
  /** A style element's CSS (inline scripts are never kept). */
  innerHTML?: string;
}

/** Origins a site's own head tags and CSS load from: the CSP of its pages allows them. */
export interface SiteSources {
  script: string[];
  style: string[];
  font: string[];
}

/**
 * Where a route leads in a build: its page and Markdown (KV keys by content hash), or a redirect.
 * `status` is set only where `_redirects` asks for other than the usual: a page served as a
 * custom not-found page (404), a redirect that is not permanent. A dev build (`npm start`) may
 * also lead to a page that failed to build (KV `broken:<hash>`); a production build never holds
 * one, as any error stops it.
 */
export type RouteTarget =
  | { page: string; markdown: string; status?: 404 }
  | { redirect: string; status?: 302 | 303 | 307 | 308 }
  | { broken: string };

/** A problem that stopped a page from building: where it is and what to do about it. */
export interface BuildProblem {
  file: string;
  line?: number;
  problem: string;
  fix: string;
}

/**
 * A page of a dev build that failed to build (KV `broken:<hash>`), shown at its route instead of
 * the page. Bounded: at most `brokenPageLimits.problems` problems, each text cut to `.chars`.
 */
export interface BrokenPage {
  route: string;
  title: string;
  /** The page's file, relative to the site folder. */
  source: string;
  /** The sidebar the page belongs to, so the error page keeps the reader's place. */
  sidebar?: string;
  problems: BuildProblem[];
  /** Problems left out beyond the limit (the terminal lists them all). */
  more: number;
}

export const brokenPageLimits = { problems: 10, chars: 2000 } as const;

/** One bucket of a build's route table (KV `routes:<hash>`): the routes whose `routeBucket` is its index. */
export type RouteBucket = Record<string, RouteTarget>;

/** A sidebar of a build: its data file (KV `sidebar:<hash>`, `/__data/sidebar/<hash>.json`). */
export interface SidebarRef {
  hash: string;
  /** The docs version the sidebar belongs to: a page's boot data names only its own version's sidebars. */
  version: string;
  /** Links it holds; a page inside a large sidebar is rendered with only part of it (see pruneSidebar). */
  size: number;
}

/**
 * One build's own record, KV `b:<id>:manifest`, read once per isolate. Nothing in it grows with the
 * number of pages: the route table, sidebars, llms files and search index are content-addressed
 * values it names by hash.
 */
export interface Manifest {
  buildId: string;
  builtAt: string;
  site: SiteConfig;
  /** The route table, split in buckets: a route is in `routeBuckets[routeBucket(route, length)]`. */
  routeBuckets: string[];
  sidebars: Record<string, SidebarRef>;
  /** The sidebar a page that is not found offers, so the reader can find the way on. */
  defaultSidebar?: string;
  /** `/llms.txt` and `/llms-full.txt`, in parts (KV `llms:<hash>`). */
  llms: string[];
  /** The embedded search index's directory and where its pieces are. */
  search: SearchRef;
  assets: ClientAssets;
  /**
   * The site's component modules that pages use, by module (site-relative path). A page's HTML and
   * data carry only the entries of its own islands.
   */
  islands?: Record<string, IslandAssets>;
  /** The site's own head tags and the origins its pages may load from besides this one. */
  head?: { tags: HeadTag[]; sources: SiteSources };
  /** `_redirects` rules with splats, placeholders, query conditions or a host, in file order (see RedirectRule). */
  redirects?: RedirectRule[];
}

/**
 * A part of `/llms.txt` ready to serve, with its pages in sidebar order for `/llms-full.txt`; KV
 * `llms:<hash>`. Pages are named by route (their Markdown is found through the route table), so
 * editing a page's text leaves the parts as they were.
 */
export interface LlmsPart {
  text: string;
  routes: string[];
}

/** A sidebar as a page shows it: whole, or only its top level and the open path to `prunedFor`. */
export interface SidebarView {
  id: string;
  items: SidebarItem[];
  /** Set when the view is in part: the route whose open path it keeps (client/sidebar-view.ts). */
  prunedFor?: string;
}

/**
 * Which sidebar a page was rendered with, and how: the browser takes its items from the sidebar's
 * data file, so the HTML holds them once (as markup), not again as data.
 */
export type RenderedSidebar = Omit<SidebarView, 'items'>;

/** What the server hands the browser to hydrate; embedded in the HTML as JSON. */
export interface BootData {
  buildId: string;
  site: SiteConfig;
  /** The page's own sidebar: which one, and whether it was rendered in part. */
  sidebar?: RenderedSidebar;
  /**
   * URL of the data file of every sidebar of the page's docs version, by id (a version has a
   * handful), and of the page's own sidebar.
   */
  sidebarFiles: Record<string, string>;
  page: BootPage | null;
  /** Set on `/search`: results rendered on the server. */
  search?: SearchPageData;
  /** Set when the route is unknown (404), the store failed (503) or, in a dev build, the page failed to build (500). */
  status: 200 | 404 | 500 | 503;
  /** The build problems of this route's page, when it failed to build (dev builds only). */
  broken?: BrokenPage;
  theme: ThemeName;
  themePreference: ThemePreference;
  announcementDismissed: boolean;
  /** The search modal's stylesheet, loaded with its lazy chunk. */
  searchStyle?: string;
  /**
   * Every style group by name, in cascade order, with the file of each one this page did not
   * inline ('' for those it did): client-side navigation links the ones the next page needs.
   */
  styleFiles?: Record<string, string>;
}

export const kvKeys = {
  current: 'build:current',
  history: 'build:history',
  manifest: (buildId: string) => `b:${buildId}:manifest`,
  /** Every content key a build uses, for the deploy (what to upload, what to collect); never read by the worker. */
  keys: (buildId: string) => `b:${buildId}:keys`,
  routes: (hash: string) => `routes:${hash}`,
  page: (hash: string) => `page:${hash}`,
  markdown: (hash: string) => `md:${hash}`,
  sidebar: (hash: string) => `sidebar:${hash}`,
  llms: (hash: string) => `llms:${hash}`,
  /** A piece of a build's split search index, when the build keeps them in KV (see SearchRef). */
  searchPiece: (hash: string) => `search:${hash}`,
  /** A page of a dev build that failed to build, with its problems (never in a production build). */
  broken: (hash: string) => `broken:${hash}`,
} as const;

/** Prefixes of the content-addressed keys: a value under them never changes. */
export const contentKeyPrefixes = ['routes:', 'page:', 'md:', 'sidebar:', 'llms:', 'search:', 'broken:'] as const;

/** Bucket of a route in a table of `buckets` buckets (FNV-1a of its UTF-16 code units). */
export function routeBucket(route: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < route.length; i++) {
    hash ^= route.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % buckets;
}

/** URL of a sidebar's data file: immutable, shared by every page of the sidebar. */
export function sidebarDataPath(hash: string): string {
  return `/__data/sidebar/${hash}.json`;
}

/**
 * Where a build's split search index lives: pieces named by the hash of their content, either
 * static assets at `searchPiecePath(hash)` (deployed builds) or KV values `kvKeys.searchPiece(hash)`
 * (builds made without a client, as in the worker tests). `directory` is the hash of the piece
 * the worker reads first.
 */
export interface SearchRef {
  store: 'assets' | 'kv';
  directory: string;
}

/** URL path of a search piece kept as a static asset. */
export function searchPiecePath(hash: string): string {
  return `/assets/search/${hash}.json`;
}

export const themeCookie = 'theme';
export const announcementCookie = 'announcement-dismissed';
/** Set once the browser has the web font in its cache: pages then paint in it (client/web-font.ts). */
export const webFontCookie = 'web-font';
export const preferredVersionKey = 'docs-preferred-version-default';

// ── Search (Algolia protocol, DocSearch v3 record schema) ─────────────────────────────────

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

/** One section of a matching page on `/search`: escaped HTML where only `<mark>` is markup. */
export interface SearchPageSection {
  url: string;
  title: string;
  /** Headings between the page title and this section, plain text. */
  trail: string;
  /** Why it matched: the section's text around the query words (at least one where the section has text). */
  snippets: string[];
}

/** One matching page on `/search`, with its best few sections. */
export interface SearchPageGroup {
  title: string;
  url: string;
  sections: SearchPageSection[];
  /** Further matching sections of the page, and where the first of them is. */
  more?: { count: number; url: string };
}

/** What the `/search?q=` page renders: matching pages best first, already highlighted. */
export interface SearchPageData {
  query: string;
  /** The docs version searched, when the reader asked for one (`?version=`); else the last version. */
  version?: string;
  /** The results page shown, from 0. */
  page: number;
  /** Results pages, of `searchLimits.pagesPerResultsPage` matching pages each. */
  nbPages: number;
  /** Documentation pages that match. */
  matchedPages: number;
  /** False when more records matched than the search looked at, so `matchedPages` is a lower bound. */
  exhaustive: boolean;
  groups: SearchPageGroup[];
  suggestions: string[];
  error?: string;
  /** The reader just sent a report for this query from the no-results screen (`?reported=1`). */
  reported?: boolean;
}

export const searchLimits = {
  queryLength: 64,
  hitsPerPage: 20,
  maxHitsPerPage: 100,
  bodyBytes: 16 * 1024,
  maxRequests: 10,
  /** Hits the `/search` page groups into pages: Algolia's own ceiling for one request. */
  pageSearchHits: 1000,
  pagesPerResultsPage: 10,
  sectionsPerPage: 3,
  snippetWords: 24,
} as const;
