// The worker's view of a sidebar stored in parts: read from KV part by part, the same as the view
// of the whole sidebar, and never offered to the browser as a data file.

import { describe, expect, it } from 'vitest';
import { sidebarAsRendered } from '../../../../client/contract/sidebar.ts';
import type { Manifest } from '../../../../client/contract/storage.ts';
import { bootData } from '../../../../worker/render/boot-data.ts';
import { sidebarFiles, sidebarView } from '../../../../worker/render/sidebar-view.ts';
import { forgetStore } from '../../../../worker/services/content-store.ts';
import { bigSidebar, placesOf, storedInParts } from '../../support/big-sidebar.ts';

describe('a sidebar stored in parts', () => {
  it('renders a page with the view of the whole sidebar, from the parts KV holds', async () => {
    const items = bigSidebar();
    const { ref, values } = await storedInParts(items);
    const kv = { get: async (key: string) => values.get(key) ?? null } as unknown as KVNamespace;
    const manifest = { sidebars: { docs: ref } } as unknown as Manifest;
    forgetStore();
    const { route, path } = placesOf(items).find((place) => place.route === '/p5/s2/17')!;
    const view = await sidebarView(kv, manifest, 'docs', route, path);
    expect(view).toEqual(sidebarAsRendered({ id: 'docs', prunedFor: route, listing: ref.listing! }, items));
  });

  it('names no data file for it: the browser loads its pages whole', async () => {
    const { ref } = await storedInParts(bigSidebar());
    const manifest = {
      sidebars: { docs: ref, guides: { hash: 'small', size: 5, version: 'current' } },
    } as unknown as Manifest;
    expect(sidebarFiles(manifest, 'current')).toEqual({ guides: '/__data/sidebar/small.json' });
    const theme = { preference: 'dark', theme: 'dark', needsScript: false, webFont: false, variant: 'dark' } as const;
    const page = { route: '/top/1', title: 'Top', sidebar: 'docs', version: 'current' };
    const boot = bootData(
      { ...manifest, site: { docs: { versions: [] } }, assets: {}, buildId: 'b' } as unknown as Manifest,
      page as never,
      200,
      theme,
      false,
      { id: 'docs', items: [], prunedFor: '/top/1' },
    );
    expect(boot.sidebarFiles).toEqual({ guides: '/__data/sidebar/small.json' });
  });
});
