// A compiled page: its element tree, TOC and links, as the build stores it and every side renders it;
// and a page of a dev build that failed to build.

import type { BlogPageInfo } from './blog.ts';
import type { HeadTag } from './site-config.ts';
import type { SidebarItem, SidebarWindow } from './sidebar.ts';

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

/**
 * Everything needed to render one doc route; KV `page:<hash>` (`kvKeys.page`, the hash named by the
 * route table) and `/__data/<id>/<route>.json`.
 */
export interface PageData {
  route: string;
  /** How the page is laid out; absent means `docs`. */
  layout?: PageLayout;
  /** Docusaurus `<Layout noFooter>`: the page is shown without the site footer. */
  noFooter?: true;
  title: string;
  description: string;
  keywords: string[];
  hideTitle: boolean;
  hideTableOfContents: boolean;
  /** Extra class on the page wrapper (frontmatter `className`). */
  className?: string;
  /** Frontmatter `unlisted`: reachable by URL only — no search, sitemap or pagination, `noindex, nofollow`. */
  unlisted?: true;
  /**
   * A listing page the build made for a large sidebar's category (navigation/sidebar-listings.ts):
   * a way down for readers without JavaScript, `noindex`, not in search, the sitemap or llms files.
   */
  listing?: true;
  /** Id of the sidebar this page belongs to; absent when the page is in no sidebar. */
  sidebar?: string;
  /**
   * In a sidebar stored in parts (sidebar-parts.ts), the page's place: its item's index at each
   * level, so the worker reads only the parts on its way down.
   */
  sidebarPath?: number[];
  /**
   * Never stored: in the `/__data` answer of a page of a sidebar stored in parts, the sidebar as
   * the page shows it (the browser has no data file of such a sidebar to work it out from).
   */
  sidebarView?: { items: SidebarItem[]; window?: SidebarWindow };
  /** Name of the docs version the page belongs to (`current` for the docs folder). */
  version?: string;
  /** The docs plugin instance of the page, when not the preset's docs (which have versions). */
  docsPluginId?: string;
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
  /** Where the page's source can be edited ("Edit this page"): the docs option `editUrl`, or `custom_edit_url`. */
  editUrl?: string;
  previous?: PageLink;
  next?: PageLink;
  /** Source file relative to the content folder, for error messages and edit links. */
  source: string;
  /** The site component modules the page uses (client/contract/islands.ts), when it uses any. */
  islands?: string[];
  /** Their stylesheets and scripts: added by the worker from its manifest, never stored. */
  islandAssets?: Record<string, IslandAssets>;
  /**
   * The style groups the page needs besides those every page has (`doc`, then `code`,
   * `diagrams`... as its tree uses them), in cascade order; decided by the build
   * (scripts/compiler/assets/stylesheet-groups.ts). A page stored without it gets every group.
   */
  styles?: string[];
  /** A page of the blog (a post, a list, tag, author or archive page): the blog layout, no docs sidebar. */
  blog?: BlogPageInfo;
  /** What the page's `<Head>` (Docusaurus's `@docusaurus/Head`) sets; absent when it has none. */
  head?: PageHead;
}

/** A page's own head: its `<title>` (as written, in place of `<page> | <site>`), `<meta>` and `<link>` tags. */
export interface PageHead {
  title?: string;
  /** Meta and link tags only; one a name, property or canonical link, replacing the engine's own. */
  tags: HeadTag[];
}

/**
 * `docs`: a doc page (sidebar, breadcrumbs, TOC, previous/next). `page`: a page of its own under
 * the navbar, without the docs' sidebar, breadcrumbs or pagination, its content an article with
 * its TOC (a Markdown page of `src/pages/`). `component`: the same place, drawn wholly by the page
 * (a React page of `src/pages/`, its `tree` one island): no article, no `<main>` of ours, since
 * the page brings its own landmarks.
 */
export type PageLayout = 'docs' | 'page' | 'component';

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

/** What the browser loads for an island module: its stylesheets always, its script when interactive. */
export interface IslandAssets {
  /** The module's chunk, absolute URL path; absent when it has no state, effects or handlers. */
  script?: string;
  styles: string[];
}

/** The components a page's tree may name besides HTML elements (client/components/content/registry.ts renders them). */
export const componentNames = ['Admonition', 'Tabs', 'TabItem', 'CodeBlock', 'Details'] as const;
export type ComponentName = (typeof componentNames)[number];
