// Each sidebar stored whole, once, named by its hash: every page of the sidebar names it.

import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import { kvKeys, type Manifest } from '../../../client/contract/storage.ts';
import type { VersionDocs } from '../sources/version-docs.ts';
import type { KvWriter } from './kv-writer.ts';

export async function storeSidebars(kv: KvWriter, versions: VersionDocs[]): Promise<Manifest['sidebars']> {
  const refs: Manifest['sidebars'] = {};
  for (const { version, sidebars } of versions) {
    for (const [id, items] of Object.entries(sidebars.sidebars)) {
      const hash = await kv.putContent(kvKeys.sidebar, JSON.stringify(items));
      refs[id] = { hash, size: countLinks(items), version: version.name };
    }
  }
  return refs;
}

function countLinks(items: SidebarItem[]): number {
  return items.reduce((sum, item) => sum + 1 + (item.type === 'category' ? countLinks(item.items) : 0), 0);
}
