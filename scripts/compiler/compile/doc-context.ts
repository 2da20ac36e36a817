// The doc a page is, for `useDoc()` and the sidebar hooks (client/contract/doc-context.ts): what the
// version tells of every doc's place (its sidebar, as Docusaurus names and shapes it, and its
// previous and next pages), made once a version, and each doc's own metadata, made as it is built.

import type { DocContext, DocSidebarItem, DocTocItem } from '../../../client/contract/doc-context.ts';
import type { PageLink, TreeNode } from '../../../client/contract/page.ts';
import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import { parseFrontmatter, type SourceDoc } from '../sources/discover.ts';
import type { VersionDocs } from '../sources/version-docs.ts';
import { textOf } from './table-of-contents.ts';

/** A version's docs' places: plain data, so it crosses to the compile threads. */
export interface DocPlaces {
  version: string;
  /** Sidebar name (Docusaurus's, without our version prefix) → its items. */
  sidebars: Record<string, DocSidebarItem[]>;
  /** Doc id → the name of its sidebar. */
  sidebarOfDoc: Record<string, string>;
  previous: Record<string, PageLink>;
  next: Record<string, PageLink>;
}

export function docPlaces({ version, docs, sidebars }: VersionDocs): DocPlaces {
  const idOfRoute = new Map(docs.map((doc) => [doc.route, doc.id]));
  const name = (id: string) => (id.startsWith(version.sidebarPrefix) ? id.slice(version.sidebarPrefix.length) : id);
  const convert = (item: SidebarItem): DocSidebarItem => {
    if (item.type !== 'category') {
      const docId = item.type === 'doc' ? idOfRoute.get(item.href) : undefined;
      return { type: 'link', label: item.label, href: item.href, ...(docId ? { docId } : {}) };
    }
    const { label, href, collapsed, collapsible, items } = item;
    return { type: 'category', label, ...(href ? { href } : {}), collapsed, collapsible, items: items.map(convert) };
  };
  return {
    version: version.name,
    sidebars: Object.fromEntries(
      Object.entries(sidebars.sidebars).map(([id, items]) => [name(id), items.map(convert)]),
    ),
    sidebarOfDoc: Object.fromEntries([...sidebars.sidebarOfDoc].map(([doc, id]) => [doc, name(id)])),
    previous: Object.fromEntries(sidebars.previous),
    next: Object.fromEntries(sidebars.next),
  };
}

/**
 * The doc as `useDoc()` gives it: its TOC once its code has run (the `toc` export), its title once
 * its tree is built.
 */
export function docContext(doc: SourceDoc, places: DocPlaces, toc: DocTocItem[] = [], tree?: TreeNode[]): DocContext {
  const frontMatter = parseFrontmatter(doc.raw, doc.relPath).data as Record<string, unknown>;
  const sidebar = places.sidebarOfDoc[doc.id];
  const link = (page: PageLink | undefined) => (page ? { title: page.title, permalink: page.href } : undefined);
  const previous = link(places.previous[doc.id]);
  const next = link(places.next[doc.id]);
  const heading = tree?.find((node) => typeof node !== 'string' && node.t === 'h1');
  return {
    metadata: {
      id: doc.id,
      unversionedId: doc.id,
      title: doc.title,
      description: doc.description,
      source: `@site/${doc.relPath}`,
      sourceDirName: doc.dir || '.',
      slug: doc.route,
      permalink: doc.route,
      version: places.version,
      ...(sidebar ? { sidebar } : {}),
      ...(doc.sidebarPosition !== undefined ? { sidebarPosition: doc.sidebarPosition } : {}),
      tags: [],
      unlisted: doc.unlisted,
      frontMatter,
      ...(previous ? { previous } : {}),
      ...(next ? { next } : {}),
    },
    frontMatter,
    toc,
    ...(heading ? { contentTitle: textOf(heading) } : {}),
    ...(sidebar && places.sidebars[sidebar] ? { sidebar: { name: sidebar, items: places.sidebars[sidebar] } } : {}),
  };
}
