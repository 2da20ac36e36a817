// A category's own page stays bounded however many items the category holds, as the sidebar does:
// a generated category page (`link: { type: 'generated-index' }`) and an index doc showing
// `<DocCardList />`, or `<DocCardList items={useCurrentSidebarCategory().items} />`, list their
// first items and link to the category's listing pages, through which a reader without JavaScript
// reaches every item (the whole site's reachability through sidebars and listings is
// sidebar-shapes.test.ts's) (generated corpus of the `generated-index` shape,
// scripts/bench/corpus-shapes.ts, rendered as the worker renders it).

import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPageSize, type SidebarCategory, type SidebarItem } from '../../../client/contract/sidebar.ts';
import { categoryCardLimit } from '../../../scripts/compiler/navigation/doc-cards.ts';
import { articleOf, builtShape, htmlOf, linksIn, type ShapeSite } from '../support/shape-sites.ts';

const pages = 2000;

let site: ShapeSite;
let catalogue: SidebarCategory;
let directory: SidebarCategory;
let register: SidebarCategory;
beforeAll(async () => {
  site = await builtShape('generated-index', pages);
  const reference = site.sidebars.reference!;
  const category = (index: number) => reference[index] as SidebarCategory;
  catalogue = category(0);
  directory = category(1);
  register = category(2);
}, 300_000);
afterAll(() => (site ? rm(site.root, { recursive: true, force: true }) : undefined));

const cardLinks = (html: string) =>
  [...articleOf(html).matchAll(/<a [^>]*href="(\/[^"#?]*)"[^>]*class="card-link"/g)].map((match) => match[1]!);
const itemRoutes = (items: SidebarItem[]) => items.flatMap((item) => (item.href ? [item.href] : []));

/**
 * The routes a reader reaches from a category's page through its cards and its listing pages
 * (their cards and their links to one another), not through the sidebar.
 */
async function reachedThroughCards(start: string): Promise<Set<string>> {
  const routes = new Set(site.pages.map((page) => page.route));
  const reached = new Set<string>();
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const html = await htmlOf(site, queue.pop()!);
    for (const href of cardLinks(html)) reached.add(href);
    const listings = linksIn(articleOf(html)).filter((href) => href.includes('/_listing/') && routes.has(href));
    for (const href of listings)
      if (!seen.has(href)) {
        seen.add(href);
        queue.push(href);
      }
  }
  return reached;
}

describe.each([
  { kind: 'a generated category page', of: () => catalogue },
  { kind: 'an index doc showing <DocCardList />', of: () => directory },
  { kind: 'an index doc showing <DocCardList items={useCurrentSidebarCategory().items} />', of: () => register },
])('$kind of a category of some 700 items', ({ of }) => {
  it('shows the first items and a card to the listing of all of them, in bounded HTML', async () => {
    const category = of();
    expect(category.items.length).toBeGreaterThan(pages / 3 - 10);
    expect(category.listing).toMatch(/\/_listing\//);
    const html = await htmlOf(site, category.href!);
    const cards = cardLinks(html);
    expect(cards).toHaveLength(categoryCardLimit + 1);
    expect(cards.slice(0, 3)).toEqual(itemRoutes(category.items).slice(0, 3));
    expect(articleOf(html)).toContain(`All ${category.items.length} entries`);
    expect(cards.at(-1)).toBe(category.listing);
    // A card is a few hundred bytes: a thousand of them would be several times this.
    expect(Buffer.byteLength(html)).toBeLessThan(150 * 1024);
  });

  it('leads a reader without JavaScript to every item through its cards and the listing pages', async () => {
    const category = of();
    const reached = await reachedThroughCards(category.href!);
    expect(itemRoutes(category.items).filter((route) => !reached.has(route))).toEqual([]);
    const listingPages = site.pages.filter((page) => page.route.startsWith(category.listing!));
    expect(listingPages).toHaveLength(Math.ceil(category.items.length / listingPageSize));
  });
});
