// What a build keeps, with its state, of the outputs every page feeds (route table, llms parts,
// search pieces, the keys record), read from what it stored (see build-state.ts), and what a
// rebuild notes of the search pieces it stored.

import { kvKeys, type Manifest, type RouteTarget } from '../../../client/contract/storage.ts';
import type { KvWriter } from '../outputs/kv-writer.ts';
import type { StoredLlms } from '../outputs/llms.ts';
import type { PageStore } from '../outputs/page-store.ts';
import type { KeptOutputs } from './build-state.ts';
import { KeptKeys } from './kept-keys.ts';
import { KeptRoutes } from './kept-routes.ts';

/** Call once the build's manifest is written: its content keys are all in `kv` then. */
export function keepOutputs(
  kv: KvWriter,
  store: Pick<PageStore, 'keysOf'>,
  stored: {
    routeOrder: string[][];
    beforeRedirects: Map<string, RouteTarget | undefined>;
    manifest: Pick<Manifest, 'routeBuckets'>;
    llms: StoredLlms;
  },
): KeptOutputs {
  const { routeBuckets } = stored.manifest;
  const { llms } = stored;
  const keys = kv.contentKeys().filter((key) => !key.startsWith(kvKeys.keysPart('')));
  const search = new Set(keys.filter((key) => key.startsWith(kvKeys.searchPiece(''))));
  const held = [...store.keysOf.values(), routeBuckets.map(kvKeys.routes), llms.hashes.map(kvKeys.llms), search];
  return {
    routes: new KeptRoutes(stored.routeOrder, routeBuckets),
    beforeRedirects: stored.beforeRedirects,
    llms,
    search,
    keys: new KeptKeys(keys, held),
  };
}

/** Notes the search pieces a rebuild stored in `kv` as the build's, in place of the last build's. */
export function keepSearchKeys(kept: KeptOutputs, kv: KvWriter, touched: Map<string, boolean>): void {
  const now = new Set(kv.contentKeysUnder(kvKeys.searchPiece('')));
  const dropped = [...kept.search].filter((key) => !now.has(key));
  kept.keys.change(
    dropped,
    [...now].filter((key) => !kept.search.has(key)),
    touched,
  );
  kept.search = now;
}
