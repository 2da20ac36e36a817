// Each sidebar stored once, named by its hash: every page of the sidebar names it. A sidebar of
// more than `sidebarSplitLinks` links or `sidebarSplitBytes` of JSON is stored in parts
// (client/contract/sidebar-parts.ts), so no KV value, nor what a page reads of it, grows with it.

import { sidebarWindowSize, type SidebarItem } from '../../../client/contract/sidebar.ts';
import {
  sidebarInlineLinks,
  sidebarInlineLinksInLongList,
  sidebarSegmentSize,
  type SidebarListRoot,
  type StoredCategory,
} from '../../../client/contract/sidebar-parts.ts';
import { kvKeys, type Manifest, type SidebarRef } from '../../../client/contract/storage.ts';
import { countLinks, isSplitSidebar } from '../navigation/sidebar-listings.ts';
import type { VersionDocs } from '../sources/version-docs.ts';
import type { KvWriter } from './kv-writer.ts';

export async function storeSidebars(kv: KvWriter, versions: VersionDocs[]): Promise<Manifest['sidebars']> {
  // An instance's sidebars belong to no version: every page names them (sidebarFiles).
  const refs: Manifest['sidebars'] = {};
  for (const { version, sidebars } of versions) {
    for (const [id, items] of Object.entries(sidebars.sidebars)) {
      const size = countLinks(items);
      const split = isSplitSidebar(items);
      const hash = split ? await storeList(kv, items) : await kv.putContent(kvKeys.sidebar, JSON.stringify(items));
      const listing = sidebars.topListings[id];
      const of = version.pluginId ? {} : { version: version.name };
      refs[id] = { hash, size, ...of, ...(listing ? { listing } : {}), ...(split ? { split } : {}) };
    }
  }
  return refs;
}

/** Stores a list in segments, its large categories' items as lists of their own; returns its root's hash. */
async function storeList(kv: KvWriter, items: SidebarItem[]): Promise<string> {
  const stored: SidebarItem[] = [];
  const inlineLinks = items.length > sidebarWindowSize ? sidebarInlineLinksInLongList : sidebarInlineLinks;
  for (const item of items) {
    if (item.type !== 'category' || countLinks(item.items) <= inlineLinks) stored.push(item);
    else {
      const category: StoredCategory = {
        ...item,
        items: [],
        count: item.items.length,
        part: await storeList(kv, item.items),
      };
      stored.push(category);
    }
  }
  // Cut where a segment would pass sidebarSegmentSize items or links, so no value grows with the list.
  const segments: SidebarListRoot['segments'] = [];
  let start = 0;
  while (start < stored.length) {
    let end = start;
    let links = 0;
    while (end < stored.length && end - start < sidebarSegmentSize) {
      const item = stored[end]!;
      const more = 1 + (item.type === 'category' ? countLinks(item.items) : 0);
      if (end > start && links + more > sidebarSegmentSize) break;
      links += more;
      end++;
    }
    const hash = await kv.putContent(kvKeys.sidebar, JSON.stringify(stored.slice(start, end)));
    segments.push({ hash, start });
    start = end;
  }
  const root: SidebarListRoot = { count: stored.length, segments };
  return kv.putContent(kvKeys.sidebar, JSON.stringify(root));
}

/** A sidebar's whole items from what the build stored (`value` reads a stored sidebar value by hash). */
export function storedSidebarItems(ref: SidebarRef, value: (hash: string) => string): SidebarItem[] {
  if (!ref.split) return JSON.parse(value(ref.hash)) as SidebarItem[];
  const list = (hash: string): SidebarItem[] =>
    (JSON.parse(value(hash)) as SidebarListRoot).segments.flatMap((segment) =>
      (JSON.parse(value(segment.hash)) as SidebarItem[]).map((item) => {
        if (item.type !== 'category' || !(item as StoredCategory).part) return item;
        const { part, count: _count, ...category } = item as StoredCategory;
        return { ...category, items: list(part!) };
      }),
    );
  return list(ref.hash);
}
