// What `npm start` serves before its first build has compiled the pages: a build of its own, made
// from what every page needs and nothing a page makes (the config, the routes, the sidebars, the
// browser bundle), whose route table names each page by a stand-in key. The dev server answers a
// stand-in with the page once it is stored, compiling an asked page first (compile/priority.ts).
// Not in it until the whole build is served: the search index, llms pages, the site components'
// scripts, feeds and a swizzled Root's head tags. The images pages reference are copied as the
// pages are stored (BuildOptions.serveEarly).

import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RouteTarget, SearchRef } from '../../../client/contract/storage.ts';
import { assetBytes, startSiteAssets, writeSiteAssets } from '../assets/site-assets.ts';
import { docsGlobalData } from '../compile/docs-global-data.ts';
import { pageContext } from '../compile/page-context.ts';
import { withStyleSources } from '../config/head-tags.ts';
import type { LoadedSiteConfig } from '../config/resolve-config.ts';
import type { SiteNavigation } from '../navigation/site-navigation.ts';
import type { DocSources } from '../sources/read-sources.ts';
import { contentHash, KvWriter } from './kv-writer.ts';
import { llmsRecord, storeLlms } from './llms.ts';
import { assembleManifest, writeManifest } from './manifest.ts';
import { addRedirectTargets, storeRouteTable } from './route-table.ts';
import { storeSidebars } from './sidebar-files.ts';

export interface EarlyBuild {
  buildId: string;
  /** Its KV files are `<dir>/kv/bulk-*.json`. */
  dir: string;
  /** The route each stand-in key's hash names (`page:<hash>`, `md:<hash>`). */
  routeOf: Map<string, string>;
  /** Every route a page is stored at. */
  routes: Set<string>;
  /** The folder the docs are read from: watched for edits from now on. */
  docsDir: string;
}

/** The build under way, as `npm start` serves it early (BuildOptions.serveEarly). */
export interface LiveBuild {
  /** The build's KV writer: `readWhileWriting` makes its values readable as they are stored. */
  kv: KvWriter;
  /** The content keys the page at `route` stored (its data and Markdown, or its broken record); none yet. */
  keysOf(route: string): readonly string[] | undefined;
  /** Hears each page's route once it is stored. */
  onStored(listener: (route: string) => void): void;
  /** Pages stored, and all the build will store. */
  progress(): { stored: number; total: number };
}

export interface EarlyBuildInput {
  siteDir: string;
  staticDir: string;
  outDir: string;
  config: LoadedSiteConfig;
  sources: DocSources;
  navigation: SiteNavigation;
  /** No browser bundle (unit tests of the content steps). */
  skipClient?: boolean;
}

/**
 * Writes the early build into `<outDir>/early/kv` and the browser files into `<outDir>/client`
 * (the whole build writes the same names there again, and more).
 */
export async function writeEarlyBuild(input: EarlyBuildInput): Promise<EarlyBuild> {
  const { config, sources, navigation } = input;
  const { site } = navigation;
  const loaded = [...sources.versions, ...sources.instances];
  const assetsDone = startSiteAssets({
    siteDir: input.siteDir,
    // Which site components pages use is known once they are compiled: none are bundled yet.
    islands: [],
    pageContext: pageContext(site, config.docusaurusConfig, config.pluginGlobalData),
    docsData: docsGlobalData(site, sources.versions, sources.instances),
    customCss: config.customCss,
    configFile: config.configFile,
    ...(site.markdown.mermaid ? { mermaid: true } : {}),
    ...(input.skipClient ? { skipClient: true } : {}),
  });
  const dir = join(input.outDir, 'early');
  await mkdir(join(dir, 'kv'), { recursive: true });
  const kv = new KvWriter(join(dir, 'kv'));
  // Stand-ins drawn anew each run: no cache or KV can hold one of another run's.
  const salt = randomBytes(8).toString('hex');
  const routeOf = new Map<string, string>();
  const targets = new Map<string, RouteTarget>();
  for (const route of navigation.routes) {
    const hash = contentHash(salt + route);
    routeOf.set(hash, route);
    targets.set(route, { page: hash, markdown: hash });
  }
  const routes = new Set(navigation.routes);
  addRedirectTargets(targets, navigation.redirectPlan, navigation.redirects);
  const routeBuckets = await storeRouteTable(kv, targets);
  const sidebars = await storeSidebars(kv, loaded);
  const lastSidebars = sources.lastDocs.sidebars.sidebars;
  const llmsSidebars = Object.assign({}, lastSidebars, ...sources.instances.map((one) => one.sidebars.sidebars));
  const llms = (await storeLlms(kv, llmsRecord(site, llmsSidebars, []))).hashes;
  const siteAssets = await assetsDone();
  await writeSiteAssets(input.outDir, siteAssets, input.staticDir, new Map());
  const manifest = assembleManifest(
    {
      site,
      sidebars,
      lastSidebarIds: Object.keys(lastSidebars),
      assets: siteAssets.assets,
      islands: {},
      redirects: navigation.redirectPlan.patterns,
      head: withStyleSources(config.head, siteAssets.styles?.sources),
      routeBuckets,
      llms,
      // The dev worker answers searches itself until the whole build is served (dev-worker.ts).
      search: undefined as unknown as SearchRef,
    },
    assetBytes(siteAssets),
  );
  await writeManifest(kv, dir, manifest);
  return { buildId: manifest.buildId, dir, routeOf, routes, docsDir: config.docsDir };
}
