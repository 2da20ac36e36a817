// A page's sidebar stays bounded whatever the shape of a large sidebar, and a reader without
// JavaScript still reaches every page: categories without a page of their own, collapsed, and a
// flat folder of hundreds of pages (generated corpora, scripts/bench/corpus-shapes.ts), rendered as
// the worker renders them.

import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../../client/contract/page.ts';
import { listingPageSize, sidebarWindowSize, type SidebarItem } from '../../../client/contract/sidebar.ts';
import { asideOf, builtShape, docsOf, htmlOf, linksIn, reachable, type ShapeSite } from '../support/shape-sites.ts';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

describe('a large sidebar of collapsed categories without pages of their own', () => {
  let site: ShapeSite;
  beforeAll(async () => {
    site = await builtShape('no-pages', 420);
    roots.push(site.root);
  }, 240_000);

  it('renders a deep page with the open path only: the other categories link to their listing page', async () => {
    const reference = site.sidebars.reference!;
    const deep = docsOf(reference).at(-1)!.href;
    const aside = asideOf(await htmlOf(site, deep));
    // 4 top-level categories of 4 sections: the open section, the others' listings, no other page.
    expect(linksIn(aside).length).toBeLessThan(60);
    expect(linksIn(aside).length).toBeLessThan(docsOf(reference).length / 4);
    expect(aside).toContain(`href="${deep}" aria-current="page"`);
    const closed = reference[0] as Extract<SidebarItem, { type: 'category' }>;
    expect(closed.listing).toMatch(/^\/_listing\/reference\//);
    expect(aside).toContain(`<a href="${closed.listing}">All ${closed.items.length} entries</a>`);
  });

  it('gives every category without a page a listing page, noindex and left out of search, sitemap and llms', async () => {
    const listings = site.pages.filter((page) => page.listing);
    expect(listings.length).toBeGreaterThanOrEqual(4 * 5);
    const html = await htmlOf(site, listings[0]!.route);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    expect(site.records.some((record) => record.url.includes('/_listing/'))).toBe(false);
    // The sitemap and the llms files leave out the pages the build's summaries call unlisted.
    const summaries = site.summaries.filter((page) => page.listing);
    expect(summaries.length).toBe(listings.length);
    for (const summary of summaries) expect(summary.unlisted).toBe(true);
    const llmsEntries = site.entries.filter((entry) => entry.key.startsWith('llms'));
    expect(llmsEntries.length).toBeGreaterThan(0);
    for (const entry of llmsEntries) expect(entry.value).not.toContain('/_listing/');
  });

  it('lets a reader without JavaScript reach every page from the first page of the big sidebar', async () => {
    const first = docsOf(site.sidebars.reference!)[0]!.href;
    const seen = await reachable(site, first);
    expect(site.pages.map((page) => page.route).filter((route) => !seen.has(route))).toEqual([]);
  }, 240_000);
});

describe('a large sidebar whose pages are all in one folder', () => {
  let site: ShapeSite;
  let docs: string[];
  beforeAll(async () => {
    site = await builtShape('flat', 260);
    roots.push(site.root);
    docs = docsOf(site.sidebars.reference!).map((doc) => doc.href);
  }, 240_000);

  it('renders a bounded window around the page, with links to the listing pages of the rest', async () => {
    const middle = docs[Math.floor(docs.length / 2)]!;
    const html = await htmlOf(site, middle);
    const aside = asideOf(html);
    const links = linksIn(aside);
    expect(links.length).toBeLessThanOrEqual(sidebarWindowSize + 2);
    expect(aside).toContain(`href="${middle}" aria-current="page"`);
    const listing = site.manifest.sidebars.reference!.listing!;
    expect(listing).toBe('/_listing/reference');
    expect(aside).toMatch(new RegExp(`<a href="${listing}(/page/\\d+)?">\\d+ earlier entries</a>`));
    expect(aside).toMatch(new RegExp(`<a href="${listing}(/page/\\d+)?">\\d+ more entries</a>`));
  });

  it('shows the window from the start for the first page, with a link to the listing of the rest', async () => {
    const first = docs[0]!;
    const aside = asideOf(await htmlOf(site, first));
    expect(aside).not.toContain('earlier entries');
    expect(aside).toContain(`<a href="/_listing/reference">${docs.length - sidebarWindowSize} more entries</a>`);
    expect(aside).toContain(`href="${first}" aria-current="page"`);
  });

  it('paginates the full listing: no page of it lists more than a page holds, each links to the next', async () => {
    const listingPages = site.pages.filter((page) => page.listing);
    expect(listingPages.map((page) => page.route)).toEqual([
      '/_listing/reference',
      '/_listing/reference/page/2',
      '/_listing/reference/page/3',
    ]);
    const cards = (page: PageData) => JSON.stringify(page.tree).match(/"card-link"/g)?.length ?? 0;
    for (const page of listingPages) expect(cards(page)).toBeLessThanOrEqual(listingPageSize);
    expect(listingPages.reduce((sum, page) => sum + cards(page), 0)).toBe(docs.length);
    const second = await htmlOf(site, '/_listing/reference/page/2');
    expect(second).toContain('href="/_listing/reference/page/3"');
    expect(second).toContain('href="/_listing/reference"');
    expect(second).toContain('<meta name="robots" content="noindex">');
  });

  it('lets a reader without JavaScript reach every page from the first page', async () => {
    const seen = await reachable(site, docs[0]!);
    expect(site.pages.map((page) => page.route).filter((route) => !seen.has(route))).toEqual([]);
  }, 240_000);
});
