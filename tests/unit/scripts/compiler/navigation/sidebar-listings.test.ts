// Listing pages of a large sidebar: which categories get one, where they live, and what each page
// of a listing holds.

import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../../../../client/contract/sidebar.ts';
import { listingPageSize, sidebarRenderLimit } from '../../../../../client/contract/sidebar.ts';
import {
  addListings,
  listingPage,
  listingPageCount,
} from '../../../../../scripts/compiler/navigation/sidebar-listings.ts';
import { category, doc as sharedDoc } from '../../../support/sidebar-items.ts';

const doc = (href: string): SidebarItem => sharedDoc(href, `Page ${href}`);
const docs = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => doc(`${prefix}/${i + 1}`));

describe('addListings', () => {
  it('gives none to a sidebar a page renders whole', () => {
    const small = [category('No page', docs('/a', 10))];
    expect(addListings('docs', small, '/', new Set(), 'sidebars.js')).toEqual({ listings: [] });
    expect(small[0]!.listing).toBeUndefined();
  });

  it('gives each category without a page a listing under /_listing/<sidebar>/, its breadcrumbs the categories above', () => {
    const inner = category('Inner Part', docs('/a/inner', 80));
    const outer = category('Outer', [inner, ...docs('/a', 80)]);
    const withPage = category('Has Page', docs('/b', 5), '/b');
    const { listing, listings } = addListings('docs', [outer, withPage], '/', new Set(), 'sidebars.js');
    expect(listing).toBeUndefined();
    expect(outer.listing).toBe('/_listing/docs/outer');
    expect(inner.listing).toBe('/_listing/docs/outer/inner-part');
    expect(withPage.listing).toBeUndefined();
    expect(listings.find((each) => each.route === inner.listing)!.breadcrumbs).toEqual([
      { label: 'Outer', href: '/_listing/docs/outer' },
      { label: 'Inner Part' },
    ]);
  });

  it('gives a category with a page a listing when it has more items than a render shows, and a long top level one', () => {
    const flat = category('Flat', docs('/flat', 300), '/flat');
    const top = [flat, ...docs('/top', 60)];
    const { listing } = addListings('api', top, '/docs/next', new Set(), 'sidebars.js');
    expect(flat.listing).toBe('/docs/next/_listing/api/flat');
    expect(listing).toBe('/docs/next/_listing/api');
  });

  it('never takes a route a page has, nor one of the pages of another listing', () => {
    const taken = new Set(['/_listing/docs/outer']);
    const outer = category('Outer', docs('/a', sidebarRenderLimit + 1));
    addListings('docs', [outer], '/', taken, 'sidebars.js');
    expect(outer.listing).toBe('/_listing/docs/outer-2');
    expect(taken.has('/_listing/docs/outer-2/page/2')).toBe(true);
  });
});

describe('listingPage', () => {
  const flat = category('Flat', [category('Sub', docs('/sub', 3)), ...docs('/flat', 250)]);
  const { listings } = addListings('docs', [flat], '/', new Set(), 'sidebars.js');
  const listing = listings.find((each) => each.route === flat.listing)!;

  it('splits a listing into pages of at most listingPageSize entries, the whole of it across them', () => {
    expect(listingPageCount(listing)).toBe(3);
    const hrefs = (page: number) =>
      [...JSON.stringify(listingPage(listing, page, () => undefined).tree).matchAll(/"card-link"/g)].length;
    expect([1, 2, 3].map(hrefs)).toEqual([listingPageSize, listingPageSize, 51]);
  });

  it('is noindex material: marked as a listing, with links to its neighbour pages', () => {
    const second = listingPage(listing, 2, () => undefined);
    expect(second).toMatchObject({
      route: '/_listing/docs/flat/page/2',
      title: 'Flat (page 2 of 3)',
      listing: true,
      sidebar: 'docs',
    });
    const tree = JSON.stringify(second.tree);
    expect(tree).toContain('"href":"/_listing/docs/flat"');
    expect(tree).toContain('"href":"/_listing/docs/flat/page/3"');
  });

  it('leads to a category without a page through its own listing', () => {
    const first = JSON.stringify(listingPage(listing, 1, () => undefined).tree);
    expect(first).toContain('"href":"/_listing/docs/flat/sub"');
  });
});
