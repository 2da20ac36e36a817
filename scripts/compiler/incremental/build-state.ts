// What a build keeps in memory for the next one when asked (`npm start`): enough to redo one
// page without reading the others — the sources and the compile context of each version, the
// page store (route table, page summaries, anchors), the search index writer (which can take a
// page out again), the manifest's parts that a page edit leaves alone, the asset bytes its id
// hashes, and what it stored of the outputs every page feeds (route buckets, llms parts, the parts
// of its keys record: kept-*.ts), so a rebuild redoes only those its pages changed.
// compiler/incremental/rebuild-pages.ts uses it; the CLI build could keep it too.

import { rmSync } from 'node:fs';
import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import type { RouteTarget } from '../../../client/contract/storage.ts';
import type { VersionCompile } from '../compile/compile-site.ts';
import type { LoadedSiteConfig } from '../config/resolve-config.ts';
import type { SiteNavigation } from '../navigation/site-navigation.ts';
import type { ManifestParts } from '../outputs/manifest.ts';
import type { StoredLlms } from '../outputs/llms.ts';
import type { PageStore } from '../outputs/page-store.ts';
import type { SearchIndexWriter } from '../outputs/search/index-writer.ts';
import type { DocSources } from '../sources/read-sources.ts';
import type { KeptKeys } from './kept-keys.ts';
import type { KeptRoutes } from './kept-routes.ts';

export interface BuildState {
  siteDir: string;
  config: LoadedSiteConfig;
  sources: DocSources;
  navigation: SiteNavigation;
  versions: VersionCompile[];
  store: PageStore;
  searchIndex: SearchIndexWriter;
  /** The search writer's own folder (what it spilled, the pieces it wrote): removed with the state (`discardState`). */
  searchDir: string;
  /** Files the pages reference, absolute path → public URL (copied beside the client). */
  media: Map<string, string>;
  /** The last version's sidebars and the docs plugin instances', which the llms files follow. */
  lastSidebars: Record<string, SidebarItem[]>;
  /** The manifest's parts a page edit cannot change: all but the route table, llms and search. */
  manifestParts: Omit<ManifestParts, 'routeBuckets' | 'llms' | 'search'>;
  /** The bundles' and styles' bytes, which the build id hashes. */
  assetFiles: Uint8Array[];
  /** Where the search pieces went: a kept state redoes them in KV only. */
  searchStore: 'kv' | 'assets';
  /** What the last build stored of the outputs every page feeds, so a rebuild redoes only what its pages changed. */
  kept: KeptOutputs;
  /**
   * Whether site code read the docs' global data, which holds every doc's description: a page as
   * it was built, or a browser chunk (`useDocById`, `useDocsVersion`…).
   */
  docsDataRead: boolean;
}

export interface KeptOutputs {
  routes: KeptRoutes;
  /** The routes a redirect names and their targets before the redirects (kept-redirects.ts). */
  beforeRedirects: Map<string, RouteTarget | undefined>;
  /** The llms files: the list, its parts and their hashes. */
  llms: StoredLlms;
  /** The search pieces' keys. */
  search: Set<string>;
  keys: KeptKeys;
}

/** Removes what a state kept on disk; the state is not used after. */
export function discardState(state: BuildState): void {
  rmSync(state.searchDir, { recursive: true, force: true });
}
