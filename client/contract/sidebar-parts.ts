// A sidebar too large to read whole (more than `sidebarSplitLinks` links or `sidebarSplitBytes` of
// JSON), stored in parts: a page
// is rendered from the parts on its way down (its `sidebarPath`) and those its sidebar shows, so
// neither a KV value nor a page's reads grow with the sidebar. Each list of the sidebar (its top
// level, a category's items) is a `SidebarListRoot` naming segments of at most
// `sidebarSegmentSize` items and links; in a segment, a category whose items are many has them as
// a list of its own (`part`, and their `count`), a small one keeps them in place. The browser is not
// given a split sidebar's data (boot data names no file for it): a page's `/__data` answer carries
// the sidebar as that page shows it (`PageData.sidebarView`).

import type { SidebarCategory, SidebarItem, SidebarView, SidebarWindow, RenderedSidebar } from './sidebar.ts';
import { keptOpen, sidebarOpenLinks, sidebarWindowSize } from './sidebar.ts';

/** A sidebar of more links than this is stored in parts. */
export const sidebarSplitLinks = 4000;

/**
 * A sidebar whose JSON is larger than this is stored in parts too, whatever its links: long labels
 * (or several versions of one sidebar) would otherwise make a page, and the browser after it, read
 * hundreds of KB where the parts on a page's way down are tens.
 */
export const sidebarSplitBytes = 256 * 1024;

/** Most items, and most links (its categories' kept in place counted), a segment of a list holds. */
export const sidebarSegmentSize = 250;

/**
 * A category keeps its items in place in a segment when they hold at most this many links; in a
 * list longer than a render shows (whose categories off the page's path are left closed), at most
 * `sidebarInlineLinksInLongList`, so a page does not read the items of those it leaves closed.
 */
export const sidebarInlineLinks = 200;
export const sidebarInlineLinksInLongList = 20;

/** KV `sidebar:<hash>` of one list of a split sidebar: how many items, and the segments holding them. */
export interface SidebarListRoot {
  count: number;
  /** Each segment's hash, and the index in the list of its first item. */
  segments: { hash: string; start: number }[];
}

/** A category of a segment whose items are a list of their own. */
export interface StoredCategory extends SidebarCategory {
  /** Hash of the `SidebarListRoot` of its items (its `items` are empty). */
  part?: string;
  count?: number;
}

/** Reads a part of a split sidebar by its hash. */
export type ReadSidebarPart = (hash: string) => Promise<unknown>;

/**
 * The view `sidebarAsRendered` gives of the whole sidebar, from its parts: `rootHash` is the
 * sidebar's top-level list and `path` the page's place in it (the item's index at each level).
 */
export async function splitSidebarView(
  read: ReadSidebarPart,
  rendered: RenderedSidebar,
  rootHash: string,
  path: number[] | undefined,
): Promise<SidebarView> {
  const top = await windowOfList(read, { part: rootHash }, path?.[0], rendered.listing);
  const open = { links: sidebarOpenLinks };
  return {
    ...rendered,
    items: await pruneLevel(read, top.items, relative(path?.[0], top.start), path?.slice(1), open),
    ...(top.window ? { window: top.window } : {}),
  };
}

/** As pruneSidebar, with the item on the page's path known by its index (`onPath`) rather than searched for. */
async function pruneLevel(
  read: ReadSidebarPart,
  items: SidebarItem[],
  onPath: number | undefined,
  rest: number[] | undefined,
  open: { links: number },
): Promise<SidebarItem[]> {
  // One item after the other, depth first, as pruneSidebar spends `open`.
  const pruned: SidebarItem[] = [];
  for (const [index, stored] of items.entries()) {
    if (stored.type !== 'category') {
      pruned.push(stored);
      continue;
    }
    const { part, count, ...item } = stored as StoredCategory;
    const leaves = item.href !== undefined || item.listing !== undefined;
    const here = index === onPath;
    if (leaves && !here && !keptOpen(item, count ?? item.items.length, open)) {
      const closed: SidebarItem = { ...item, items: [], pruned: true };
      if (item.listing !== undefined && item.href === undefined)
        closed.window = { before: 0, after: count ?? item.items.length, listing: item.listing };
      pruned.push(closed);
      continue;
    }
    const child = here ? rest?.[0] : undefined;
    const shown = await windowOfList(read, part ? { part } : { items: item.items }, child, item.listing);
    const children = await pruneLevel(
      read,
      shown.items,
      relative(child, shown.start),
      here ? rest?.slice(1) : undefined,
      open,
    );
    pruned.push({ ...item, items: children, ...(shown.window ? { window: shown.window } : {}) });
  }
  return pruned;
}

/** As windowAround, reading only the segments the window takes. */
async function windowOfList(
  read: ReadSidebarPart,
  list: { part: string } | { items: SidebarItem[] },
  current: number | undefined,
  listing: string | undefined,
): Promise<{ items: SidebarItem[]; start: number; window?: SidebarWindow }> {
  const root = 'part' in list ? ((await read(list.part)) as SidebarListRoot) : undefined;
  const count = root ? root.count : (list as { items: SidebarItem[] }).items.length;
  const windowed = listing !== undefined && count > sidebarWindowSize;
  const start = windowed
    ? Math.max(0, Math.min(count - sidebarWindowSize, (current ?? -1) - Math.floor(sidebarWindowSize / 2)))
    : 0;
  const end = windowed ? start + sidebarWindowSize : count;
  let items: SidebarItem[];
  if (!root) items = (list as { items: SidebarItem[] }).items.slice(start, end);
  else {
    // The segments the window overlaps: from the last that starts at or before it, to the last that starts inside it.
    const first = Math.max(
      0,
      root.segments.findLastIndex((segment) => segment.start <= start),
    );
    const last = Math.max(
      first,
      root.segments.findLastIndex((segment) => segment.start < end),
    );
    const segments = await Promise.all(
      root.segments.slice(first, last + 1).map(({ hash }) => read(hash) as Promise<SidebarItem[]>),
    );
    const offset = root.segments[first]?.start ?? 0;
    items = segments.flat().slice(start - offset, end - offset);
  }
  return { items, start, ...(windowed ? { window: { before: start, after: count - end, listing: listing! } } : {}) };
}

const relative = (index: number | undefined, start: number) => (index === undefined ? undefined : index - start);
