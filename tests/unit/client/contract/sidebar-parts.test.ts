// A sidebar too large to read whole is stored in parts: a page's view of it, read from the parts on
// its way down, is the view the whole sidebar gives, and no part or page read grows with it.

import { describe, expect, it } from 'vitest';
import type { RenderedSidebar } from '../../../../client/contract/sidebar.ts';
import { sidebarAsRendered } from '../../../../client/contract/sidebar.ts';
import { sidebarSplitBytes, sidebarSplitLinks, splitSidebarView } from '../../../../client/contract/sidebar-parts.ts';
import { kvKeys } from '../../../../client/contract/storage.ts';
import { countLinks } from '../../../../scripts/compiler/navigation/sidebar-listings.ts';
import { storedSidebarItems } from '../../../../scripts/compiler/outputs/sidebar-files.ts';
import { bigSidebar, placesOf, storedInParts } from '../../support/big-sidebar.ts';
import { category, doc } from '../../support/sidebar-items.ts';

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

  it('is split past sidebarSplitBytes too: fewer links, but long labels', async () => {
    const label = (i: number) => `A long label that a site wrote out in full for entry number ${i} `.repeat(3);
    const items = [
      ...Array.from({ length: 12 }, (_, part) =>
        category(
          `Part ${part + 1}`,
          Array.from({ length: 120 }, (_, i) => doc(`/long/${part}/${i}`, label(i))),
        ),
      ),
    ];
    expect(countLinks(items)).toBeLessThan(sidebarSplitLinks);
    expect(JSON.stringify(items).length).toBeGreaterThan(sidebarSplitBytes);
    const { ref, values } = await storedInParts(items);
    expect(ref.split).toBe(true);
    for (const value of values.values()) expect(value.length).toBeLessThan(128 * 1024);
    expect(storedSidebarItems(ref, (hash) => values.get(kvKeys.sidebar(hash))!)).toEqual(items);

    // The same links with short labels stay one value.
    const short = items.map((part) => ({ ...part, items: part.items.map((item) => ({ ...item, label: 'Entry' })) }));
    expect((await storedInParts(short)).ref.split).toBeUndefined();
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
      // A list's root and a segment or two on each level of the path, and those of the few categories left open.
      expect(reads.length, route).toBeLessThanOrEqual(12);
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
