// A page carries only itself: a page inside a sidebar of hundreds of entries is rendered with the
// sidebar's top level and the open path, its boot data holds no route list and no sidebar items,
// the sidebar is one immutable data file the browser hydrates from, and a reader without
// JavaScript still reaches every page.

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { SidebarMenu } from '../../../client/components/Sidebar.tsx';
import { SiteContext, type SiteContextValue } from '../../../client/context.ts';
import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import { sidebarAsRendered } from '../../../client/contract/sidebar.ts';
import { sidebarRenderLimit } from '../../../worker/render/sidebar-view.ts';
import { deployFixture, fixtureBuild, fixtureSidebars } from '../support/deploy.ts';
import { readDocument } from '../support/html.ts';
import { get, origin } from '../support/requests.ts';

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

// Two hundred pages to put in KV: on a busy machine, longer than a hook's default ten seconds.
beforeAll(async () => {
  await deployFixture({ fixture: 'large-site' });
}, 180_000);

describe('a page inside a large sidebar', () => {
  it('is in a sidebar larger than a page renders whole', () => {
    expect(links(big)).toBeGreaterThan(sidebarRenderLimit);
  });

  it('is rendered with the top level and the open path only, and its boot data holds no route list', async () => {
    const html = await (await get(deepest)).text();
    const { boot } = await readDocument(html);
    expect(boot).not.toHaveProperty('routes');
    // The sidebar is named, with the route it was pruned for; its items are in the HTML once.
    expect(boot.sidebar).toEqual({ id: 'reference', prunedFor: deepest });
    const rendered = sidebarAsRendered(boot.sidebar!, big).items;
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

  it('hydrates from the data file: the browser works out the very markup the server sent', async () => {
    const html = await (await get(deepest)).text();
    const { boot } = await readDocument(html);
    const items = (await (await get(boot.sidebarFiles.reference!)).json()) as SidebarItem[];
    const context = {
      site: boot.site,
      route: deepest,
      expanded: {},
      setExpanded: () => undefined,
    } as Partial<SiteContextValue>;
    const menu = createElement(SidebarMenu, { items: sidebarAsRendered(boot.sidebar!, items).items });
    const markup = renderToStaticMarkup(
      createElement(SiteContext.Provider, { value: context as SiteContextValue }, menu),
    );
    expect(html).toContain(markup);
    // Fetched beside the scripts: hydration waits for it.
    expect(html).toMatch(new RegExp(`<script id="__start"[^>]* data-sidebar="${boot.sidebarFiles.reference}"`));
  });

  it('renders fewer than half of the sidebar’s links into its HTML', async () => {
    const html = await (await get(deepest)).text();
    const sidebarHtml = html.slice(html.indexOf('<aside class="doc-sidebar"'), html.indexOf('</aside>'));
    const rendered = sidebarHtml.match(/<a [^>]*href=/g) ?? [];
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(links(big) / 2);
  });
});

describe('a page in a small sidebar of the same site', () => {
  it('is rendered with its whole sidebar', async () => {
    const route = pagesOf(sidebars.guides!)[0]!.href;
    const { boot } = await readDocument(await (await get(route)).text());
    expect(boot.sidebar).toEqual({ id: 'guides' });
  });
});

describe('without JavaScript', () => {
  it(
    'reaches every page by following links from the home page and each sidebar’s first page',
    { timeout: 240_000 },
    async () => {
      const entries = ['/', ...Object.values(sidebars).map((items) => pagesOf(items)[0]!.href)];
      const seen = new Set<string>(entries);
      let frontier = [...entries];
      const pages = new Set<string>();
      while (frontier.length > 0) {
        const found = await Promise.all(
          frontier.map(async (path) => {
            const response = await get(path);
            const location = response.headers.get('location');
            if (location) return [new URL(location, origin).pathname];
            if (response.status !== 200) {
              await response.body?.cancel();
              return [];
            }
            pages.add(path);
            const html = await response.text();
            return [...html.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)].map((match) => match[1]!);
          }),
        );
        frontier = [];
        for (const href of found.flat()) {
          if (seen.has(href) || /^\/(__|assets\/|search)|\.[a-z]+$/.test(href)) continue;
          seen.add(href);
          frontier.push(href);
        }
      }
      expect(pageRoutes.filter((route) => !pages.has(route))).toEqual([]);
    },
  );
});
