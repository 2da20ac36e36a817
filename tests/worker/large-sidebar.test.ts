// A page carries only itself: a page inside a sidebar of hundreds of entries is rendered with the
// sidebar's top level and the open path, its boot data holds no route list, the rest of the
// sidebar is one immutable data file, and a reader without JavaScript still reaches every page.

import { beforeAll, describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../client/model.ts';
import { sidebarRenderLimit } from '../../worker/render/sidebar-view.ts';
import { deployFixture, fixtureBuild, fixtureSidebars } from './support/deploy.ts';
import { readDocument } from './support/html.ts';
import { get, origin } from './support/requests.ts';

const sidebars = fixtureSidebars('large-site');
const routeTable = fixtureBuild('large-site').routeTable;
const pageRoutes = Object.keys(routeTable).filter((route) => 'page' in routeTable[route]!);

const links = (items: SidebarItem[]): number =>
  items.reduce((sum, item) => sum + 1 + (item.type === 'category' ? links(item.items) : 0), 0);
/** Routes of the sidebar's pages, depth first, with how deep each sits. */
const pagesOf = (items: SidebarItem[], depth = 0): { href: string; depth: number }[] =>
  items.flatMap((item) => [
    ...(item.type !== 'link' && item.href ? [{ href: item.href, depth }] : []),
    ...(item.type === 'category' ? pagesOf(item.items, depth + 1) : []),
  ]);

const big = sidebars.reference!;
const deepest = pagesOf(big).reduce((a, b) => (b.depth > a.depth ? b : a)).href;

beforeAll(async () => {
  await deployFixture({ fixture: 'large-site' });
});

describe('a page inside a large sidebar', () => {
  it('is in a sidebar larger than a page renders whole', () => {
    expect(links(big)).toBeGreaterThan(sidebarRenderLimit);
  });

  it('is rendered with the top level and the open path only, and its boot data holds no route list', async () => {
    const html = await (await get(deepest)).text();
    const { boot } = await readDocument(html);
    expect(boot).not.toHaveProperty('routes');
    expect(boot.sidebar).toMatchObject({ id: 'reference', complete: false });
    const rendered = boot.sidebar!.items;
    expect(rendered.map((item) => item.label)).toEqual(big.map((item) => item.label));
    expect(links(rendered)).toBeLessThan(links(big) / 2);
    // The page is in what was rendered, marked as the current page.
    expect(pagesOf(rendered).map((page) => page.href)).toContain(deepest);
    expect(html).toContain(`href="${deepest}" aria-current="page"`);
  });

  it('gets the whole sidebar from one immutable data file named in its boot data', async () => {
    const { boot } = await readDocument(await (await get(deepest)).text());
    const url = boot.sidebarFiles.reference!;
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.json()).toEqual(big);
    // Every page of the sidebar names the same file, so the browser fetches it once.
    const other = pagesOf(big).at(-1)!.href;
    expect((await readDocument(await (await get(other)).text())).boot.sidebarFiles.reference).toBe(url);
  });

  it('has HTML that does not grow with the sidebar: well under the whole sidebar’s size', async () => {
    const html = await (await get(deepest)).text();
    expect(html.length).toBeLessThan(JSON.stringify(big).length);
  });
});

describe('a page in a small sidebar of the same site', () => {
  it('is rendered with its whole sidebar', async () => {
    const route = pagesOf(sidebars.guides!)[0]!.href;
    const { boot } = await readDocument(await (await get(route)).text());
    expect(boot.sidebar).toEqual({ id: 'guides', items: sidebars.guides, complete: true });
  });
});

describe('without JavaScript', () => {
  it('reaches every page from the home page by following links', { timeout: 120_000 }, async () => {
    const seen = new Set<string>();
    const queue = ['/'];
    while (queue.length > 0) {
      const path = queue.shift()!;
      const response = await get(path);
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, origin).pathname;
        if (!seen.has(next)) queue.push(next);
        continue;
      }
      if (seen.has(path) || response.status !== 200) {
        await response.body?.cancel();
        continue;
      }
      seen.add(path);
      const html = await response.text();
      for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)) {
        if (!seen.has(href!) && !/^\/(__|assets\/|search)|\.[a-z]+$/.test(href!)) queue.push(href!);
      }
    }
    expect(pageRoutes.filter((route) => !seen.has(route))).toEqual([]);
  });
});
