// The sidebar a page is rendered with. A sidebar of up to `sidebarRenderLimit` entries is rendered
// whole, as it always was. A larger one is rendered as its top level plus the open path to the
// page (`pruneSidebar`, client/contract/sidebar.ts): the rest arrives with the sidebar's data file,
// which the browser requests after the first paint and shows whole once client-side navigation's
// chunk is there (client/navigation.tsx). So a page's HTML does not grow with the site. Every page
// stays reachable without JavaScript: a category left closed has its own page or a listing page
// the build made (navigation/sidebar-listings.ts), and a long list shows a window around the page
// with links to the listing's other entries.

import { sidebarDataPath } from '../../client/contract/urls.ts';
import type { Manifest, SidebarRef } from '../../client/contract/storage.ts';
import type { RenderedSidebar, SidebarItem, SidebarView } from '../../client/contract/sidebar.ts';
import { sidebarAsRendered, sidebarRenderLimit } from '../../client/contract/sidebar.ts';
import { splitSidebarView } from '../../client/contract/sidebar-parts.ts';
import { readSidebar, readSidebarPart } from '../services/content-store.ts';

export { sidebarRenderLimit };

/** The view of sidebar `id` for `route`; undefined when the build has no such sidebar. */
export async function sidebarView(
  kv: KVNamespace,
  manifest: Manifest,
  id: string | undefined,
  route: string,
  /** The page's place in a sidebar stored in parts (`PageData.sidebarPath`). */
  path?: number[],
): Promise<SidebarView | undefined> {
  const ref = id ? manifest.sidebars[id] : undefined;
  if (!id || !ref) return undefined;
  if (ref.split)
    return splitSidebarView((hash) => readSidebarPart(kv, hash), renderedAs(id, ref, route), ref.hash, path);
  return viewOfSidebar(id, ref, await readSidebar(kv, ref.hash), route);
}

/** The view of a sidebar already read: whole, or pruned to the open path when it is large. */
export function viewOfSidebar(id: string, ref: SidebarRef, items: SidebarItem[], route: string): SidebarView {
  return sidebarAsRendered(renderedAs(id, ref, route), items);
}

function renderedAs(id: string, ref: SidebarRef, route: string): RenderedSidebar {
  return ref.size <= sidebarRenderLimit
    ? { id }
    : { id, prunedFor: route, ...(ref.listing !== undefined ? { listing: ref.listing } : {}) };
}

/**
 * URL of the data file of every sidebar of docs version `version`, by id: a page names its own
 * version's few sidebars, however many versions the site keeps.
 */
export function sidebarFiles(manifest: Manifest, version: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(manifest.sidebars)
      // A sidebar stored in parts has no file to give: its pages load whole.
      .filter(([, ref]) => (ref.version ?? version) === version && !ref.split)
      .map(([id, ref]) => [id, sidebarDataPath(ref.hash)]),
  );
}
