// Listing pages, for a sidebar the server renders in part (more links than `sidebarRenderLimit`):
// each category without a page of its own, each list longer than one render shows
// (`sidebarWindowSize`) and a long top level get a listing page the build writes,
// `listingPageSize` entries a page. So a page's HTML can leave their items out (pruneSidebar in
// client/contract/sidebar.ts) while a reader without JavaScript still reaches every page. They
// are there to find the way, not to be found: `noindex`, and not in search, the sitemap or the llms
// files (outputs/page-store.ts).

import type { Crumb, PageData } from '../../../client/contract/page.ts';
import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import {
  listingPageRoute,
  listingPageSize,
  sidebarRenderLimit,
  sidebarWindowSize,
} from '../../../client/contract/sidebar.ts';
import { sidebarSplitBytes, sidebarSplitLinks } from '../../../client/contract/sidebar-parts.ts';
import { normaliseRoute } from '../sources/discover.ts';
import { docCardListElement, docCards } from './doc-cards.ts';
import { kebabCase } from './kebab-case.ts';

export interface SidebarListing {
  /** Route of its first page; page k is at `listingPageRoute(route, k)`. */
  route: string;
  title: string;
  items: SidebarItem[];
  sidebar: string;
  breadcrumbs: Crumb[];
  /** Where the sidebar is declared, for messages. */
  source: string;
  /** The category's place in the sidebar (its index at each level); empty for the top level. */
  path: number[];
}

const splitSidebars = new WeakMap<SidebarItem[], boolean>();

/**
 * Whether pages of a sidebar of these items are rendered from its parts, and so carry their
 * `sidebarPath`; asked by the pages and by the sidebar's storage, answered once for both.
 */
export function isSplitSidebar(items: SidebarItem[]): boolean {
  let split = splitSidebars.get(items);
  if (split === undefined) {
    split = countLinks(items) > sidebarSplitLinks || Buffer.byteLength(JSON.stringify(items)) > sidebarSplitBytes;
    splitSidebars.set(items, split);
  }
  return split;
}

/** Links a sidebar holds: pages inside one of more than `sidebarRenderLimit` are rendered with part of it. */
export function countLinks(items: SidebarItem[]): number {
  return items.reduce((sum, item) => sum + 1 + (item.type === 'category' ? countLinks(item.items) : 0), 0);
}

/**
 * Gives the categories of sidebar `id` that need one their listing (`listing`, set on the items in
 * place) and returns the listings, with that of the top level when it is long. Nothing for a
 * sidebar rendered whole. `taken` holds every route (lower case) and gets the new ones.
 */
export function addListings(
  id: string,
  items: SidebarItem[],
  routeBasePath: string,
  taken: Set<string>,
  source: string,
): { listing?: string; listings: SidebarListing[] } {
  if (countLinks(items) <= sidebarRenderLimit) return { listings: [] };
  const listings: SidebarListing[] = [];
  /** A free route under `<base>/_listing/` for a listing of `count` entries, with its pages reserved. */
  const claim = (path: string, count: number) => {
    let route = normaliseRoute(`${routeBasePath}/_listing/${path}`);
    const free = (first: string) =>
      Array.from({ length: pagesOf(count) }, (_, page) => listingPageRoute(first, page + 1).toLowerCase()).every(
        (candidate) => !taken.has(candidate),
      );
    for (let n = 2; !free(route); n++) route = normaliseRoute(`${routeBasePath}/_listing/${path}-${n}`);
    for (let page = 1; page <= pagesOf(count); page++) taken.add(listingPageRoute(route, page).toLowerCase());
    return route;
  };
  const visit = (list: SidebarItem[], path: string, trail: Crumb[], place: number[]) => {
    list.forEach((item, index) => {
      if (item.type !== 'category') return;
      const name = `${path}/${kebabCase(item.label) || `entry-${index + 1}`}`;
      if (item.href === undefined || item.items.length > sidebarWindowSize) {
        item.listing = claim(name, item.items.length);
        const breadcrumbs = [...trail, { label: item.label }];
        const at = [...place, index];
        listings.push({
          route: item.listing,
          title: item.label,
          items: item.items,
          sidebar: id,
          breadcrumbs,
          source,
          path: at,
        });
      }
      visit(item.items, name, [...trail, { label: item.label, href: item.href ?? item.listing }], [...place, index]);
    });
  };
  const top = kebabCase(id) || 'sidebar';
  visit(items, top, [], []);
  if (items.length <= sidebarWindowSize) return { listings };
  const listing = claim(top, items.length);
  listings.push({ route: listing, title: 'All entries', items, sidebar: id, breadcrumbs: [], source, path: [] });
  return { listing, listings };
}

/** The number of pages `listing` takes. */
export function listingPageCount(listing: SidebarListing): number {
  return pagesOf(listing.items.length);
}

const pagesOf = (count: number) => Math.max(1, Math.ceil(count / listingPageSize));

/** Page `page` (from 1) of `listing`: a card for each of its entries there, and links to its other pages. */
export function listingPage(
  listing: SidebarListing,
  page: number,
  descriptionOf: (route: string) => string | undefined,
): PageData {
  const pages = listingPageCount(listing);
  // A category without a page of its own is reached through its own listing (docCards links it).
  const entries = listing.items.slice((page - 1) * listingPageSize, page * listingPageSize);
  const title = pages > 1 ? `${listing.title} (page ${page} of ${pages})` : listing.title;
  return {
    route: listingPageRoute(listing.route, page),
    title,
    description: `The entries of ${listing.title}.`,
    keywords: [],
    hideTitle: false,
    hideTableOfContents: true,
    sidebar: listing.sidebar,
    // Its first page opens the category, as a page of it would (pruneSidebar finds it by `listing`).
    ...(page === 1 ? { sidebarPath: listing.path } : {}),
    tree: [docCardListElement(docCards(entries, descriptionOf)), ...pagination(listing, page, pages)],
    toc: [],
    breadcrumbs: listing.breadcrumbs,
    source: listing.source,
    listing: true,
  };
}

function pagination(listing: SidebarListing, page: number, pages: number): PageData['tree'] {
  if (pages === 1) return [];
  const link = (to: number, label: string) => ({
    t: 'a',
    p: { href: listingPageRoute(listing.route, to) },
    c: [label],
  });
  const parts = [
    ...(page > 1 ? [link(page - 1, 'Previous entries')] : []),
    { t: 'span', c: [`Page ${page} of ${pages}`] },
    ...(page < pages ? [link(page + 1, 'Next entries')] : []),
  ];
  return [{ t: 'nav', p: { className: 'listing-pages', 'aria-label': 'Pages of the listing' }, c: parts }];
}
