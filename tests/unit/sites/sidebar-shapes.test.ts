// A page's sidebar stays bounded whatever the shape of a large sidebar, and a reader without
// JavaScript still reaches every page: categories without a page of their own, collapsed, and a
// flat folder of hundreds of pages (generated corpora, scripts/bench/corpus-shapes.ts), rendered as
// the worker renders them.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../../client/contract/page.ts';
import { listingPageSize, sidebarWindowSize, type SidebarItem } from '../../../client/contract/sidebar.ts';
import { generateCorpus } from '../../../scripts/bench/corpus.ts';
import type { CorpusShape } from '../../../scripts/bench/corpus-shapes.ts';
import { runBuild } from '../../../scripts/compiler/pipeline.ts';
import type { PageSummary } from '../../../scripts/compiler/types.ts';
import { bootData } from '../../../worker/render/boot-data.ts';
import { renderDocument } from '../../../worker/render/document.tsx';
import { viewOfSidebar } from '../../../worker/render/sidebar-view.ts';
import { storedBuild, type BuiltSite } from '../../support/stored-build.ts';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

/** A generated site of `pages` pages whose big sidebar has `shape`, built and read back. */
async function builtShape(shape: CorpusShape, pages: number): Promise<BuiltSite & { summaries: PageSummary[] }> {
  const root = await mkdtemp(join(tmpdir(), `self-docs-shape-${shape}-`));
  roots.push(root);
  // Short pages: what is measured here is the sidebar, not the articles.
  await generateCorpus(join(root, 'site'), { pages, shape, meanPageBytes: 1200 });
  const outDir = join(root, 'out');
  const result = await runBuild({ siteDir: join(root, 'site'), outDir, skipClient: true });
  return { ...(await storedBuild(result, outDir)), summaries: result.pages };
}

/** The page's HTML as the worker sends it. */
async function htmlOf(site: BuiltSite, route: string): Promise<string> {
  const page = site.pages.find((each) => each.route === route);
  if (!page) throw new Error(`no page at ${route}`);
  const { manifest } = site;
  const ref = page.sidebar ? manifest.sidebars[page.sidebar] : undefined;
  const sidebar =
    ref && page.sidebar ? viewOfSidebar(page.sidebar, ref, site.sidebars[page.sidebar]!, route) : undefined;
  const theme = { preference: 'dark', theme: 'dark', needsScript: false, webFont: false, variant: 'dark' } as const;
  const boot = bootData(manifest, page, 200, theme, false, sidebar);
  return new Response(await renderDocument({ manifest, boot, theme, page, sidebar })).text();
}

const asideOf = (html: string) => html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));
const linksIn = (html: string) => [...html.matchAll(/<a [^>]*href="(\/[^"#?]*)"/g)].map((match) => match[1]!);

/** Every doc of a sidebar with its depth, in order. */
const docsOf = (items: SidebarItem[], depth = 0): { href: string; depth: number }[] =>
  items.flatMap((item) => [
    ...(item.type === 'doc' ? [{ href: item.href, depth }] : []),
    ...(item.type === 'category' ? docsOf(item.items, depth + 1) : []),
  ]);

/** The routes a reader without JavaScript reaches from `start` by following links. */
async function reachable(site: BuiltSite, start: string): Promise<Set<string>> {
  const routes = new Set(site.pages.map((page) => page.route));
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const route = queue.pop()!;
    for (const href of linksIn(await htmlOf(site, route))) {
      if (!routes.has(href) || seen.has(href)) continue;
      seen.add(href);
      queue.push(href);
    }
  }
  return seen;
}

describe('a large sidebar of collapsed categories without pages of their own', () => {
  let site: BuiltSite & { summaries: PageSummary[] };
  beforeAll(async () => {
    site = await builtShape('no-pages', 420);
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
  let site: BuiltSite;
  let docs: string[];
  beforeAll(async () => {
    site = await builtShape('flat', 260);
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
