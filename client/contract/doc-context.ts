// The doc a page is, as Docusaurus's doc page gives it to what it renders (`useDoc()`,
// `useDocsSidebar()`): its metadata, front matter, TOC and sidebar. The build makes it for each doc
// (scripts/compiler/compile/doc-context.ts) and gives it to the page's code and site components
// while they render; an island whose render read it carries it (IslandProps.doc), so in the
// browser it comes with the islands that use it and with no other page.

export interface DocTocItem {
  /** The heading's text (Docusaurus: its HTML). */
  value: string;
  id: string;
  level: number;
}

export interface DocNavLink {
  title: string;
  permalink: string;
}

export interface DocMetadata {
  id: string;
  unversionedId: string;
  title: string;
  description: string;
  source: string;
  sourceDirName: string;
  slug: string;
  permalink: string;
  version: string;
  sidebar?: string;
  sidebarPosition?: number;
  editUrl?: string;
  lastUpdatedAt?: number;
  tags: { label: string; permalink: string }[];
  unlisted: boolean;
  frontMatter: Record<string, unknown>;
  previous?: DocNavLink;
  next?: DocNavLink;
}

/** A sidebar item as Docusaurus's hooks give it (`PropSidebarItem`): a doc is a link with its id. */
export type DocSidebarItem =
  | { type: 'link'; label: string; href: string; docId?: string }
  | {
      type: 'category';
      label: string;
      href?: string;
      collapsed: boolean;
      collapsible: boolean;
      items: DocSidebarItem[];
    };

export interface DocContext {
  metadata: DocMetadata;
  frontMatter: Record<string, unknown>;
  /** The page's headings, h2 to h6 (its `toc` export). */
  toc: DocTocItem[];
  /** The page's `# title` when its content has one. */
  contentTitle?: string;
  /** The page's sidebar, by its name as Docusaurus gives it, with its items. */
  sidebar?: { name: string; items: DocSidebarItem[] };
}

/** Where site code finds the doc being rendered (set by the build, and by the browser for an island). */
export const docContextKey = Symbol.for('self-docs.doc-context');
