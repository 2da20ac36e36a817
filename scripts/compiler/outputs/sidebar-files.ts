// Each sidebar stored whole, once, named by its hash: every page of the sidebar names it.

import { countLinks } from '../navigation/sidebar-listings.ts';
import { kvKeys, type Manifest } from '../../../client/contract/storage.ts';
import type { VersionDocs } from '../sources/version-docs.ts';
import type { KvWriter } from './kv-writer.ts';

export async function storeSidebars(kv: KvWriter, versions: VersionDocs[]): Promise<Manifest['sidebars']> {
  const refs: Manifest['sidebars'] = {};
  for (const { version, sidebars } of versions) {
    for (const [id, items] of Object.entries(sidebars.sidebars)) {
      const hash = await kv.putContent(kvKeys.sidebar, JSON.stringify(items));
      const listing = sidebars.topListings[id];
      refs[id] = { hash, size: countLinks(items), version: version.name, ...(listing ? { listing } : {}) };
    }
  }
  return refs;
}
