// A sidebar too large to store whole (more than sidebarSplitLinks links) of every shape at once,
// stored in parts as the build stores it, for the tests of its parts and of the worker's view of it.

import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import { addListings } from '../../../scripts/compiler/navigation/sidebar-listings.ts';
import type { KvWriter } from '../../../scripts/compiler/outputs/kv-writer.ts';
import { storeSidebars } from '../../../scripts/compiler/outputs/sidebar-files.ts';
import type { VersionDocs } from '../../../scripts/compiler/sources/version-docs.ts';
import { category, doc } from './sidebar-items.ts';

const docs = (prefix: string, count: number): SidebarItem[] =>
  Array.from({ length: count }, (_, i) => doc(`${prefix}/${i + 1}`, `${prefix} ${i + 1}`));

/** Flat docs at the top, categories without pages two deep, one with a page and 2,500 items, six open by default. */
export function bigSidebar(): SidebarItem[] {
  const nested = Array.from({ length: 12 }, (_, top) =>
    category(
      `Part ${top + 1}`,
      Array.from({ length: 4 }, (_, sub) => category(`Section ${sub + 1}`, docs(`/p${top}/s${sub}`, 30))),
    ),
  );
  // Left open by the site: more of them than a partial render shows open.
  const open = Array.from({ length: 6 }, (_, i) => ({
    ...category(`Open ${i + 1}`, docs(`/open${i}`, 30)),
    collapsed: false,
  }));
  return [...docs('/top', 1200), ...nested, category('Huge', docs('/huge', 2500), '/huge'), ...open];
}

/** Every doc's route with its place (index at each level), as the build gives pages their `sidebarPath`. */
export function placesOf(items: SidebarItem[], place: number[] = []): { route: string; path: number[] }[] {
  return items.flatMap((item, index) => [
    ...(item.href && item.type !== 'link' ? [{ route: item.href, path: [...place, index] }] : []),
    ...(item.type === 'category' ? placesOf(item.items, [...place, index]) : []),
  ]);
}

export async function storedInParts(items: SidebarItem[]) {
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
