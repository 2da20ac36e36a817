// A sidebar too large to read whole is stored in parts: a page's view of it, read from the parts on
// its way down, is the view the whole sidebar gives, and no part or page read grows with it.

import { describe, expect, it } from 'vitest';
import type { RenderedSidebar, SidebarItem } from '../../../../client/contract/sidebar.ts';
import { sidebarAsRendered } from '../../../../client/contract/sidebar.ts';
import { sidebarSplitLinks, splitSidebarView } from '../../../../client/contract/sidebar-parts.ts';
import { kvKeys } from '../../../../client/contract/storage.ts';
import { addListings, countLinks } from '../../../../scripts/compiler/navigation/sidebar-listings.ts';
import type { KvWriter } from '../../../../scripts/compiler/outputs/kv-writer.ts';
import { storeSidebars, storedSidebarItems } from '../../../../scripts/compiler/outputs/sidebar-files.ts';
import type { VersionDocs } from '../../../../scripts/compiler/sources/version-docs.ts';

type Category = Extract<SidebarItem, { type: 'category' }>;
const docs = (prefix: string, count: number): SidebarItem[] =>
  Array.from({ length: count }, (_, i) => ({ type: 'doc', label: `${prefix} ${i + 1}`, href: `${prefix}/${i + 1}` }));
const category = (label: string, items: SidebarItem[], href?: string): Category => ({
  type: 'category',
  label,
  collapsed: true,
  collapsible: true,
  items,
  ...(href ? { href } : {}),
});

/** Flat docs at the top, categories without pages two deep, one with a page and 2,500 items, one open by default. */
function bigSidebar(): SidebarItem[] {
  const nested = Array.from({ length: 12 }, (_, top) =>
    category(
      `Part ${top + 1}`,
      Array.from({ length: 4 }, (_, sub) => category(`Section ${sub + 1}`, docs(`/p${top}/s${sub}`, 30))),
    ),
  );
  const open = { ...category('Open', docs('/open', 12)), collapsed: false };
  return [...docs('/top', 1200), ...nested, category('Huge', docs('/huge', 2500), '/huge'), open];
}

/** Every doc's route with its place (index at each level), as the build gives pages their `sidebarPath`. */
function placesOf(items: SidebarItem[], place: number[] = []): { route: string; path: number[] }[] {
  return items.flatMap((item, index) => [
    ...(item.href && item.type !== 'link' ? [{ route: item.href, path: [...place, index] }] : []),
    ...(item.type === 'category' ? placesOf(item.items, [...place, index]) : []),
  ]);
}

async function storedInParts(items: SidebarItem[]) {
  const { listing } = addListings('docs', items, '/', new Set(), 'sidebars.js');
  const values = new Map<string, string>();
  let next = 0;
  const kv = {
    putContent: async (key: (hash: string) => string, value: string) => {
      const hash = `h${next++}`;
      values.set(key(hash), value);
      return hash;
    },
  } as unknown as KvWriter;
  const version = {
    version: { name: 'current' },
    sidebars: { sidebars: { docs: items }, topListings: { docs: listing } },
  };
  const refs = await storeSidebars(kv, [version as unknown as VersionDocs]);
  return { ref: refs.docs!, values };
}

describe('a sidebar stored in parts', () => {
  it('is split past sidebarSplitLinks, into values that stay small, and reads back whole', async () => {
    const items = bigSidebar();
    expect(countLinks(items)).toBeGreaterThan(sidebarSplitLinks);
    const { ref, values } = await storedInParts(items);
    expect(ref.split).toBe(true);
    expect(values.size).toBeGreaterThan(4);
    for (const value of values.values()) expect(value.length).toBeLessThan(128 * 1024);
    expect(storedSidebarItems(ref, (hash) => values.get(kvKeys.sidebar(hash))!)).toEqual(items);
  });

  it('gives every page the view the whole sidebar gives, reading only a few parts', async () => {
    const items = bigSidebar();
    const { ref, values } = await storedInParts(items);
    const places = placesOf(items);
    const sample = places.filter((_, index) => index % 53 === 0 || index === places.length - 1);
    for (const { route, path } of sample) {
      const reads: string[] = [];
      const read = async (hash: string) => {
        reads.push(hash);
        return JSON.parse(values.get(kvKeys.sidebar(hash))!) as unknown;
      };
      const rendered: RenderedSidebar = {
        id: 'docs',
        prunedFor: route,
        ...(ref.listing ? { listing: ref.listing } : {}),
      };
      expect(await splitSidebarView(read, rendered, ref.hash, path), route).toEqual(sidebarAsRendered(rendered, items));
      expect(reads.length, route).toBeLessThanOrEqual(8);
    }
  });

  it('opens nothing for a page it does not know the place of (a missing page), as for a route it lacks', async () => {
    const items = bigSidebar();
    const { ref, values } = await storedInParts(items);
    const read = async (hash: string) => JSON.parse(values.get(kvKeys.sidebar(hash))!) as unknown;
    const rendered: RenderedSidebar = { id: 'docs', prunedFor: '', listing: ref.listing! };
    expect(await splitSidebarView(read, rendered, ref.hash, undefined)).toEqual(sidebarAsRendered(rendered, items));
  });
});
