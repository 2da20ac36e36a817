// The cards of a category's page: every item of a category that fits one page, the first ones and a
// card to the listing pages of one that does not, and a category without a page of its own linked
// through its listing.

import { describe, expect, it } from 'vitest';
import { listingPageSize, type SidebarItem } from '../../../../../client/contract/sidebar.ts';
import {
  categoryCardLimit,
  categoryPageCards,
  docCards,
} from '../../../../../scripts/compiler/navigation/doc-cards.ts';

const docs = (count: number): SidebarItem[] =>
  Array.from({ length: count }, (_, index) => ({ type: 'doc', label: `Doc ${index + 1}`, href: `/d/${index + 1}` }));
const describeDoc = (route: string) => `About ${route}.`;

describe('categoryPageCards', () => {
  it('lists every item of a category without a listing, however many', () => {
    const cards = categoryPageCards({ label: 'Big', items: docs(130) }, describeDoc);
    expect(cards).toHaveLength(130);
  });

  it('lists every item of a category with a listing that fits one page', () => {
    const items = docs(categoryCardLimit);
    expect(categoryPageCards({ label: 'Full', items, listing: '/_listing/x' }, describeDoc)).toHaveLength(
      categoryCardLimit,
    );
  });

  it('lists the first items of a longer one, then a card to its listing', () => {
    const cards = categoryPageCards({ label: 'Huge', items: docs(5000), listing: '/_listing/huge' }, describeDoc);
    expect(cards).toHaveLength(categoryCardLimit + 1);
    expect(cards[0]).toEqual({ label: 'Doc 1', href: '/d/1', about: 'About /d/1.' });
    expect(cards.at(-1)).toEqual({
      label: 'All 5000 entries',
      href: '/_listing/huge',
      about: `Every entry of Huge, ${listingPageSize} a page.`,
      entries: 5000,
    });
  });
});

describe('docCards', () => {
  it('links a category without a page of its own to its listing, and leaves one without either unlinked', () => {
    const items: SidebarItem[] = [
      { type: 'category', label: 'Listed', collapsed: true, collapsible: true, items: docs(2), listing: '/_listing/l' },
      { type: 'category', label: 'Plain', collapsed: true, collapsible: true, items: docs(1) },
    ];
    expect(docCards(items, describeDoc)).toEqual([
      { label: 'Listed', href: '/_listing/l', about: '2 items' },
      { label: 'Plain', about: '1 item' },
    ]);
  });
});
