// The cards of a sidebar category's items, as its generated page lists them and as
// `<DocCardList />` shows them in a doc: a title, and the doc's description, the category's item
// count or the link's address.

import type { TreeElement } from '../../../client/contract/page.ts';
import type { SidebarItem } from '../../../client/contract/sidebar.ts';

export interface DocCardData {
  label: string;
  href?: string;
  /** What the card says under its title; none when empty. */
  about: string;
}

/** The cards of `items`, describing docs from `descriptionOf` (by route). */
export function docCards(items: SidebarItem[], descriptionOf: (route: string) => string | undefined): DocCardData[] {
  return items.map((item) => ({
    label: item.label,
    ...(item.href ? { href: item.href } : {}),
    about:
      item.type === 'category'
        ? `${item.items.length} ${item.items.length === 1 ? 'item' : 'items'}`
        : item.type === 'doc'
          ? (descriptionOf(item.href) ?? '')
          : item.href,
  }));
}

/** Every category with a page of its own (its link), by that page's route: its items' cards. */
export function categoryCards(
  sidebars: Record<string, SidebarItem[]>,
  descriptionOf: (route: string) => string | undefined,
): Record<string, DocCardData[]> {
  const cards: Record<string, DocCardData[]> = {};
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.href && !(item.href in cards)) cards[item.href] = docCards(item.items, descriptionOf);
      walk(item.items);
    }
  };
  for (const items of Object.values(sidebars)) walk(items);
  return cards;
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
