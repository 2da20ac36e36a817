// The cards of a sidebar category's items, as its generated page lists them and as
// `<DocCardList />` shows them in a doc: a title, and the doc's description, the item's own
// `description`, or a category's count of items (a link without one says nothing, as in
// Docusaurus). A category of more items than a listing page holds, in a sidebar
// rendered in part, shows its first ones and a card to its listing pages (sidebar-listings.ts),
// so its page stays the same size however large the category grows.

import type { TreeElement } from '../../../client/contract/page.ts';
import {
  listingPageRoute,
  listingPageSize,
  type SidebarCategory,
  type SidebarItem,
} from '../../../client/contract/sidebar.ts';

export interface DocCardData {
  label: string;
  href?: string;
  /** What the card says under its title; none when empty. */
  about: string;
  /** On the card to a category's listing pages: how many entries they list. */
  entries?: number;
}

/** The cards of `items`, describing docs from `descriptionOf` (by route). */
export function docCards(items: SidebarItem[], descriptionOf: (route: string) => string | undefined): DocCardData[] {
  return items.map((item) => {
    // A category without a page of its own is reached through its listing page, when it has one.
    const href = item.href ?? (item.type === 'category' ? item.listing : undefined);
    return {
      label: item.label,
      ...(href ? { href } : {}),
      about:
        item.type === 'doc'
          ? (descriptionOf(item.href) ?? '')
          : (item.description ??
            (item.type === 'category' ? `${item.items.length} ${item.items.length === 1 ? 'item' : 'items'}` : '')),
    };
  });
}

/** Most cards a category's page shows when the category has a listing: one listing page's worth. */
export const categoryCardLimit = listingPageSize;

/** The cards of a category's page: all its items', or the first ones and a card to its listing. */
export function categoryPageCards(
  category: Pick<SidebarCategory, 'label' | 'items' | 'listing'>,
  descriptionOf: (route: string) => string | undefined,
): DocCardData[] {
  const { items, listing } = category;
  if (listing === undefined || items.length <= categoryCardLimit) return docCards(items, descriptionOf);
  return [
    ...docCards(items.slice(0, categoryCardLimit), descriptionOf),
    {
      label: `All ${items.length} entries`,
      href: listing,
      about: `Every entry of ${category.label}, ${listingPageSize} a page.`,
      entries: items.length,
    },
  ];
}

/**
 * Every category with a page of its own (its link), by that page's route: its items' cards (the
 * first category linking a page gives its cards). `only`: of the pages at these routes only.
 */
export function categoryCards(
  sidebars: Record<string, SidebarItem[]>,
  descriptionOf: (route: string) => string | undefined,
  only?: ReadonlySet<string>,
): Record<string, DocCardData[]> {
  const cards: Record<string, DocCardData[]> = {};
  const seen = new Set<string>();
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.href && !seen.has(item.href)) {
        seen.add(item.href);
        if (!only || only.has(item.href)) cards[item.href] = categoryPageCards(item, descriptionOf);
      }
      walk(item.items);
    }
  };
  for (const items of Object.values(sidebars)) walk(items);
  return cards;
}

/**
 * The routes of the pages whose cards show the description of the doc at `route`: the page of each
 * category that holds it (a doc, or a generated index) and the listing page that lists it.
 */
export function pagesDescribing(
  sidebars: { sidebars: Record<string, SidebarItem[]>; listings: { route: string; items: SidebarItem[] }[] },
  route: string,
): string[] {
  const isIt = (item: SidebarItem) => item.type === 'doc' && item.href === route;
  const found = new Set<string>();
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.href && item.items.some(isIt)) found.add(item.href);
      walk(item.items);
    }
  };
  for (const items of Object.values(sidebars.sidebars)) walk(items);
  for (const listing of sidebars.listings) {
    const at = listing.items.findIndex(isIt);
    if (at >= 0) found.add(listingPageRoute(listing.route, Math.floor(at / listingPageSize) + 1));
  }
  return [...found];
}

export function docCardElement(card: DocCardData): TreeElement {
  const heading: TreeElement = { t: 'h2', p: { className: 'card-title' }, c: [card.label] };
  const body = card.about ? [heading, { t: 'p', p: { className: 'card-description' }, c: [card.about] }] : [heading];
  return {
    t: 'li',
    p: { className: 'card' },
    c: [card.href ? { t: 'a', p: { href: card.href, className: 'card-link' }, c: body } : { t: 'div', c: body }],
  };
}

export function docCardListElement(cards: DocCardData[], className?: string): TreeElement {
  return {
    t: 'ul',
    p: { className: ['card-list', className].filter(Boolean).join(' ') },
    c: cards.map(docCardElement),
  };
}
