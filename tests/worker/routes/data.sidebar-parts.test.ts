// The page data of a page in a sidebar stored in parts (client/contract/sidebar-parts.ts): the
// browser has no data file of such a sidebar, so the answer carries the sidebar as the page shows it.

import { describe, expect, it } from 'vitest';
import type { PageData } from '../../../client/contract/page.ts';
import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import { kvKeys, type Manifest } from '../../../client/contract/storage.ts';
import { pageDataPath } from '../../../client/contract/urls.ts';
import { forgetStore } from '../../../worker/services/content-store.ts';
import { bindings, deployFixture } from '../support/deploy.ts';
import { get } from '../support/requests.ts';

describe('page data of a sidebar stored in parts', () => {
  it('comes with the sidebar as the page shows it: a window of its long top level around the page', async () => {
    const build = await deployFixture();
    const original = build.storedPage('/intro');
    const id = build.page('/intro').sidebar!;
    // A top level of 60 docs in one segment, written by hand; /intro is the 50th.
    const docs: SidebarItem[] = Array.from({ length: 60 }, (_, i) => ({
      type: 'doc',
      label: `Doc ${i + 1}`,
      href: i === 49 ? '/intro' : `/doc-${i + 1}`,
    }));
    await bindings.CONTENT.put(
      kvKeys.sidebar('00000000000000aa'),
      JSON.stringify({ count: 60, segments: [{ hash: '00000000000000bb', start: 0 }] }),
    );
    await bindings.CONTENT.put(kvKeys.sidebar('00000000000000bb'), JSON.stringify(docs));
    const ref = {
      ...build.manifest.sidebars[id]!,
      hash: '00000000000000aa',
      size: 5000,
      listing: '/_listing/docs',
      split: true as const,
    };
    const manifest: Manifest = { ...build.manifest, sidebars: { ...build.manifest.sidebars, [id]: ref } };
    await bindings.CONTENT.put(kvKeys.manifest(build.buildId), JSON.stringify(manifest));
    await bindings.CONTENT.put(build.pageKey('/intro'), JSON.stringify({ ...build.page('/intro'), sidebarPath: [49] }));
    forgetStore();
    try {
      const page = (await (await get(pageDataPath(build.buildId, '/intro'))).json()) as PageData;
      expect(page.sidebarView!.items.map((item) => item.href)).toEqual(docs.slice(20).map((item) => item.href));
      expect(page.sidebarView!.window).toEqual({ before: 20, after: 0, listing: '/_listing/docs' });
    } finally {
      await bindings.CONTENT.put(build.pageKey('/intro'), original);
      forgetStore();
    }
  });
});
