// A compiled doc as the page it is stored as: its tree and TOC with what the version tells of its
// place (breadcrumbs, sidebar, previous and next, edit URL). The place is made in the build's own
// thread and travels with the doc's batch, so a compile thread holds the places of its batch only,
// and makes the page ready to store itself (outputs/prepared-page.ts).

import type { Crumb, PageData, PageHead, PageLink, TocItem, TreeNode } from '../../../client/contract/page.ts';
import { islandsOf } from '../../../client/contract/islands.ts';
import type { ResolvedSidebars } from '../navigation/sidebars.ts';
import type { PageStoreFacts } from '../outputs/prepared-page.ts';
import type { SourceDoc } from '../sources/discover.ts';
import type { VersionSource } from '../sources/docs-versions.ts';

/** What a doc's page takes from its version and the build besides the doc and its tree. */
export interface DocPagePlace {
  breadcrumbs: Crumb[];
  sidebar?: string;
  sidebarPath?: number[];
  previous?: PageLink;
  next?: PageLink;
  lastModified?: string;
  editUrl?: string;
  set: Pick<PageData, 'version' | 'docsPluginId'>;
  /** What storing it needs (PageStore.placeOf). */
  facts: PageStoreFacts;
}

export function docPagePlace(
  doc: SourceDoc,
  sidebars: ResolvedSidebars,
  version: VersionSource,
  lastModified: string | undefined,
  editUrl: string | undefined,
  facts: PageStoreFacts,
): DocPagePlace {
  const place: DocPagePlace = { breadcrumbs: sidebars.breadcrumbs.get(doc.id) ?? [], set: setOf(version), facts };
  const sidebar = sidebars.sidebarOfDoc.get(doc.id);
  const sidebarPath = sidebars.sidebarPaths.get(doc.id);
  const previous = sidebars.previous.get(doc.id);
  const next = sidebars.next.get(doc.id);
  if (sidebar) place.sidebar = sidebar;
  if (sidebarPath) place.sidebarPath = sidebarPath;
  if (previous) place.previous = previous;
  if (next) place.next = next;
  if (lastModified) place.lastModified = lastModified;
  if (editUrl) place.editUrl = editUrl;
  return place;
}

/** The page a compiled doc is stored as (its fields in the order they are stored). */
export function docPageData(
  entry: { doc: SourceDoc; tree: TreeNode[]; toc: TocItem[]; head?: PageHead },
  place: DocPagePlace,
): PageData {
  const { doc } = entry;
  const page: PageData = {
    route: doc.route,
    title: doc.title,
    description: doc.description,
    keywords: doc.keywords,
    hideTitle: doc.hideTitle,
    hideTableOfContents: doc.hideTableOfContents,
    tree: entry.tree,
    toc: entry.toc,
    breadcrumbs: place.breadcrumbs,
    source: doc.relPath,
    ...islandsField(entry.tree),
  };
  if (doc.className) page.className = doc.className;
  if (doc.unlisted) page.unlisted = true;
  if (entry.head) page.head = entry.head;
  if (place.lastModified) page.lastModified = place.lastModified;
  if (place.editUrl) page.editUrl = place.editUrl;
  if (place.sidebar) page.sidebar = place.sidebar;
  if (place.sidebarPath) page.sidebarPath = place.sidebarPath;
  Object.assign(page, place.set);
  if (place.previous) page.previous = place.previous;
  if (place.next) page.next = place.next;
  return page;
}

/**
 * The docs set a page belongs to: a version of the preset's docs, or an instance of its own, which
 * has no version the dropdown and banner know.
 */
export function setOf(version: VersionSource): Pick<PageData, 'version' | 'docsPluginId'> {
  return version.pluginId ? { docsPluginId: version.pluginId } : { version: version.name };
}

/** The site component modules a page's tree uses, as PageData stores them. */
function islandsField(tree: TreeNode[]): Pick<PageData, 'islands'> {
  const islands = islandsOf(tree);
  return islands.length > 0 ? { islands } : {};
}
