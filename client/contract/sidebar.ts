// A sidebar's items, and the part of a sidebar a page is rendered with.

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
  /** What its card says (the author's `description`); a link's card says nothing without one. */
  description?: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  /** Route of the category's own page, when it has one. */
  href?: string;
  /** What its card says (the author's `description`), instead of its count of items. */
  description?: string;
  collapsed: boolean;
  collapsible: boolean;
  items: SidebarItem[];
  /**
   * Route of the listing page the build made for it, in a sidebar the server renders in part: set
   * when it has no page of its own or more items than one render shows (`sidebarWindowSize`).
   */
  listing?: string;
  /** Its items were left out of a large sidebar's server render (they come with the sidebar's data file). */
  pruned?: true;
  /** In a partial render: the items shown are a window of the whole list (see `SidebarWindow`). */
  window?: SidebarWindow;
}

/**
 * A long list rendered in part: `before` items above those shown and `after` below them were left
 * out, and the listing pages (`listing`, `listingPageSize` entries a page) hold them all.
 */
export interface SidebarWindow {
  before: number;
  after: number;
  listing: string;
}

/** A sidebar of up to this many links is rendered whole; a larger one is rendered in part. */
export const sidebarRenderLimit = 150;

/** Most entries of one list a partial render shows; a longer list shows a window around the page. */
export const sidebarWindowSize = 40;

/**
 * Most links the categories a site leaves open (`collapsed: false`, or not collapsible) may show
 * in a partial render, off the page's path: those past it are left closed, so the render stays
 * bounded however many categories are open.
 */
export const sidebarOpenLinks = 100;

/** Entries a listing page shows. */
export const listingPageSize = 100;

/** Route of page `page` (from 1) of the listing at `listing`. */
export function listingPageRoute(listing: string, page: number): string {
  return page <= 1 ? listing : `${listing}/page/${page}`;
}

/** A sidebar as a page shows it: whole, or only its top level and the open path to `prunedFor`. */
export interface SidebarView {
  id: string;
  items: SidebarItem[];
  /** Set when the view is in part: the route whose open path it keeps (`pruneSidebar`). */
  prunedFor?: string;
  /** The listing page of the sidebar's top level, when that is longer than one render shows. */
  listing?: string;
  /** In a partial render: the top-level items shown are a window of them all. */
  window?: SidebarWindow;
}

/**
 * Which sidebar a page was rendered with, and how: the browser takes its items from the sidebar's
 * data file, so the HTML holds them once (as markup), not again as data.
 */
export type RenderedSidebar = Omit<SidebarView, 'items' | 'window'>;

/** The sidebar `rendered` names, from its whole items: whole, or pruned to the open path. */
export function sidebarAsRendered(rendered: RenderedSidebar, items: SidebarItem[]): SidebarView {
  if (rendered.prunedFor === undefined) return { id: rendered.id, items };
  const top = windowAround(items, rendered.prunedFor, rendered.listing);
  return {
    ...rendered,
    items: pruneSidebar(top.items, rendered.prunedFor),
    ...(top.window ? { window: top.window } : {}),
  };
}

/**
 * The top level and the open path to `route`: a closed category with a page of its own loses its
 * items (its page lists them), and so does one with a listing page (`listing`, whose pages list
 * them), which keeps how many it left out; one with neither keeps them, so no-JS readers reach
 * every page. A list longer than `sidebarWindowSize` that has a listing shows a window of it.
 */
export function pruneSidebar(
  items: SidebarItem[],
  route: string,
  /** Links the open categories off the path may still show (`sidebarOpenLinks`), shared by the whole walk. */
  open = { links: sidebarOpenLinks },
): SidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const leaves = item.href !== undefined || item.listing !== undefined;
    const keep = !leaves || containsRoute(item, route) || keptOpen(item, item.items.length, open);
    if (!keep) {
      const pruned: SidebarItem = { ...item, items: [], pruned: true };
      if (item.listing !== undefined && item.href === undefined)
        pruned.window = { before: 0, after: item.items.length, listing: item.listing };
      return pruned;
    }
    const shown = windowAround(item.items, route, item.listing);
    return {
      ...item,
      items: pruneSidebar(shown.items, route, open),
      ...(shown.window ? { window: shown.window } : {}),
    };
  });
}

/** Whether a category off the page's path stays open: the site leaves it open, and `open` has room for its items. */
export function keptOpen(item: SidebarCategory, count: number, open: { links: number }): boolean {
  if (item.collapsed && item.collapsible) return false;
  if (count > open.links) return false;
  open.links -= count;
  return true;
}

/**
 * At most `sidebarWindowSize` items of a list that has a listing page: those around the item that
 * holds `route` (the first ones when none does), and how many were left out on each side.
 */
export function windowAround(
  items: SidebarItem[],
  route: string,
  listing: string | undefined,
): { items: SidebarItem[]; window?: SidebarWindow } {
  if (listing === undefined || items.length <= sidebarWindowSize) return { items };
  const current = items.findIndex((item) => containsRoute(item, route));
  const start = Math.max(0, Math.min(items.length - sidebarWindowSize, current - Math.floor(sidebarWindowSize / 2)));
  const end = start + sidebarWindowSize;
  return { items: items.slice(start, end), window: { before: start, after: items.length - end, listing } };
}

export function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.href === route) return true;
  if (item.type !== 'category') return false;
  return item.listing === route || item.items.some((child) => containsRoute(child, route));
}
