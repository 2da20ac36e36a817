// The build as a pipeline of plain steps, one call a phase: config → sources → navigation →
// compile and store pages → route table, sidebars, llms → search index → assets → manifest.
// Each step takes and returns data; the folders of scripts/compiler/ are these steps. Pages are
// stored as they are compiled (outputs/page-store.ts), so memory holds summaries, not every page's tree.

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { removeOnExit } from '../cli/interrupt.ts';
import type { SidebarItem } from '../../client/contract/sidebar.ts';
import { compileBlogs, type CompiledBlogs } from './blog/compile-blog.ts';
import { addBlogRoutes, blogPageCount, readBlogs } from './blog/read-blogs.ts';
import { assetBytes, startSiteAssets, writeSiteAssets } from './assets/site-assets.ts';
import { compileSite, pagesToStore } from './compile/compile-site.ts';
import { defaultThreads } from './compile/compile-pages.ts';
import { portableSitePlugins } from './compile/markdown/site-plugins.ts';
import { startCompileThreadPool, type CompileThreadPool } from './compile/threads.ts';
import { withStyleSources } from './config/head-tags.ts';
import { siteRootHead, withRootHead, withRootWarnings, type SiteRootHead } from './pages/site-root.ts';
import { loadSiteConfig } from './config/resolve-config.ts';
import { newDiagnostics } from './errors.ts';
import { resolveNavigation } from './navigation/site-navigation.ts';
import { writeCrawlFiles } from './outputs/crawl-files.ts';
import { JsonListWriter } from './outputs/json-list-writer.ts';
import { KvWriter } from './outputs/kv-writer.ts';
import { llmsRecord, storeLlms } from './outputs/llms.ts';
import { llmsPages } from './outputs/llms-pages.ts';
import { assembleManifest, writeManifest } from './outputs/manifest.ts';
import { PageStore } from './outputs/page-store.ts';
import { discoverCustomPages } from './pages/discover-pages.ts';
import { addRedirectTargets, bucketRoutes, storeRouteTable } from './outputs/route-table.ts';
import { emitSearchIndex } from './outputs/search/emit.ts';
import { createSearchIndexWriter } from './outputs/search/index-writer.ts';
import { checkStaticAssets, staticPieceFiles, workersPlanFor } from './outputs/platform-limits.ts';
import { topLevelSections } from './outputs/search/records.ts';
import { storeSidebars } from './outputs/sidebar-files.ts';
import { readSources } from './sources/read-sources.ts';
import type { BuildOptions, BuildResult } from './types.ts';
import { keepOutputs } from './incremental/kept-outputs.ts';
import { targetsBeforeRedirects } from './incremental/kept-redirects.ts';
import { writeEarlyBuild } from './outputs/early-build.ts';
import { docsDataReadCount } from './compile/build-page-globals.ts';
import { copyMediaFiles } from './assets/media-files.ts';

export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  // Compile threads start before the docs are read; however the build ends, they are stopped.
  const started: { pool?: CompileThreadPool; searchDir?: string } = {};
  try {
    return await buildSite(options, started);
  } catch (error) {
    // A kept writer's folder is the state's, and a failed build hands back none.
    if (options.keepState && started.searchDir) await rm(started.searchDir, { recursive: true, force: true });
    throw error;
  } finally {
    await started.pool?.close();
    options.progress?.end();
  }
}

async function buildSite(
  options: BuildOptions,
  started: { pool?: CompileThreadPool; searchDir?: string },
): Promise<BuildResult> {
  // Reads of the docs' global data from here on are this build's (build-page-globals.ts).
  const docsDataReadsBefore = docsDataReadCount();
  const siteDir = resolve(options.siteDir);
  const staticDir = join(siteDir, 'static');
  const { outDir } = options;
  const diagnostics = newDiagnostics();
  const phase = (name: string, total?: number, unit?: string) => {
    options.timer?.start(name);
    options.progress?.phase(name, total, unit);
  };

  phase('config');
  const config = await loadSiteConfig(siteDir);
  diagnostics.warnings.push(...config.warnings);

  phase('discover');
  // A compile thread takes seconds of CPU to load: on a large site they start as soon as the docs
  // are listed, on the cores reading them leaves idle.
  const sources = await readSources(
    siteDir,
    config,
    options.tolerateBrokenPages === true,
    (docFiles) => {
      // A site plugin known only as a function cannot be loaded in a thread (compile-pages.ts).
      const threads = portableSitePlugins(config.markdownPlugins.docs) ? defaultThreads(docFiles) : 0;
      if (threads > 0) started.pool = startCompileThreadPool(threads);
    },
    options.development === true,
  );
  const customPages = discoverCustomPages(siteDir);
  const navigation = resolveNavigation(staticDir, config, sources, diagnostics, customPages);
  const { site } = navigation;
  // The blogs' routes join the docs' before any page compiles, so links both ways are checked.
  const blogs = await readBlogs(siteDir, config.docusaurusConfig, { development: options.development === true });
  addBlogRoutes(blogs, navigation.routes, navigation.routeOfFile);

  await rm(outDir, { recursive: true, force: true });
  // `client` before `kv`: `npm start` starts wrangler dev on this folder's assets once `kv` exists.
  await mkdir(join(outDir, 'client'), { recursive: true });
  await mkdir(join(outDir, 'kv'), { recursive: true });
  await mkdir(join(outDir, 'search'), { recursive: true });
  const kv = new KvWriter(join(outDir, 'kv'), options.kvPresent);
  if (options.kvFiles) kv.onFile(options.kvFiles);
  const records = new JsonListWriter(join(outDir, 'search', 'records.json'));
  const allSidebars: Record<string, SidebarItem[]> = Object.assign(
    {},
    ...[...sources.versions, ...sources.instances].map((loaded) => loaded.sidebars.sidebars),
  );
  // A large site's postings and records go to disk past the writer's budget (see spill.ts). A kept
  // writer's folder outlives the build's output folder (the next rebuild writes another): the
  // state's owner removes it (`searchDir`), and the process's exit if it stops first (interrupt.ts).
  const searchDir = options.keepState
    ? await mkdtemp(join(tmpdir(), 'self-docs-search-'))
    : join(outDir, 'search-spill');
  if (options.keepState) removeOnExit(searchDir);
  started.searchDir = searchDir;
  const searchIndex = createSearchIndexWriter({
    siteUrl: site.url,
    spill: { dir: searchDir, ...(options.searchSpillBudget ? { budget: options.searchSpillBudget } : {}) },
    removable: options.keepState === true,
  });
  const sections = topLevelSections(allSidebars);
  for (const blog of blogs) for (const route of blog.routes) sections.set(route, blog.options.blogTitle);
  const docsPages = pagesToStore(sources);
  const pageCount = docsPages + customPages.length + blogPageCount(blogs);
  const storedListeners: ((route: string) => void)[] = [];
  let storedPages = 0;
  const store = new PageStore({
    kv,
    records,
    searchIndex,
    site,
    sections,
    alternates: navigation.alternates,
    replaced: navigation.replaced,
    pageCount,
    ...(sources.brokenDocs ? { brokenDocs: sources.brokenDocs } : {}),
    onStored: (route) => {
      storedPages++;
      options.progress?.tick();
      for (const listener of storedListeners) listener(route);
    },
  });
  // npm start serves before the pages compile: the early build is written beside the compile.
  const serving = options.serveEarly?.({
    kv,
    keysOf: (route) => store.keysOf.get(route),
    onStored: (listener) => storedListeners.push(listener),
    progress: () => ({ stored: storedPages, total: pageCount }),
  });
  const early = serving
    ? writeEarlyBuild({
        siteDir,
        staticDir,
        outDir,
        config,
        sources,
        navigation,
        ...(options.skipClient ? { skipClient: true } : {}),
      }).then(serving)
    : undefined;
  // Awaited once the pages are stored; a failure meanwhile waits for it there.
  early?.catch(() => undefined);

  // Served early, a page's images are copied as it is stored; the whole build copies them all again.
  const onMedia = serving
    ? (media: Iterable<[string, string]>) => copyMediaFiles(join(outDir, 'client'), media)
    : undefined;

  phase('compile and store pages', pageCount, 'pages');
  let blogOutput: CompiledBlogs = { feeds: {}, feedLinks: [] };
  let rootHead: SiteRootHead | undefined;
  const compiled = await compileSite({
    siteDir,
    staticDir,
    config,
    sources,
    customPages,
    navigation,
    store,
    diagnostics,
    ...(started.pool ? { pool: started.pool } : {}),
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    ...(options.tolerateBrokenPages ? { tolerateBrokenPages: true } : {}),
    ...(options.priority ? { priority: options.priority } : {}),
    ...(onMedia ? { onMedia } : {}),
    // The blogs' pages take the places after every docs page and custom page.
    blogs: async (context) => {
      rootHead = await siteRootHead(context);
      blogOutput = await compileBlogs({
        blogs,
        // A blog runs its own plugin instance's remark and rehype lists, as Docusaurus does.
        context: { ...context, sitePlugins: config.markdownPlugins.blog },
        store,
        kv,
        site,
        offset: docsPages + customPages.length,
        ...(started.pool ? { pool: started.pool } : {}),
        ...(options.tolerateBrokenPages
          ? { onBroken: (doc, _index, problems) => store.storeBroken(doc, problems) }
          : {}),
        ...(onMedia ? { onMedia } : {}),
      });
    },
  });
  await records.close();
  await early;
  const built = store.built();
  diagnostics.warnings.splice(0, Infinity, ...withRootWarnings(diagnostics.warnings, rootHead));

  phase('routes, sidebars, llms');
  const assetsDone = startSiteAssets({
    siteDir,
    islands: [...store.islands].sort(),
    pageContext: compiled.pageContext,
    docsData: compiled.docsData,
    customCss: config.customCss,
    configFile: config.configFile,
    ...(site.markdown.mermaid ? { mermaid: true } : {}),
    ...(options.skipClient ? { skipClient: true } : {}),
  });
  const { routeTargets } = store;
  const beforeRedirects = options.keepState ? targetsBeforeRedirects(routeTargets, navigation) : undefined;
  addRedirectTargets(routeTargets, navigation.redirectPlan, navigation.redirects);
  const routeOrder = options.keepState ? bucketRoutes(routeTargets.keys(), routeTargets.size) : undefined;
  const routeBuckets = await storeRouteTable(kv, routeTargets, routeOrder);
  const sidebars = await storeSidebars(kv, [...sources.versions, ...sources.instances]);
  const lastSidebars = sources.lastDocs.sidebars.sidebars;
  // The instances' sidebars after the last version's: their sections follow the docs' in llms.txt.
  const llmsSidebars = Object.assign({}, lastSidebars, ...sources.instances.map((loaded) => loaded.sidebars.sidebars));
  const llms = await storeLlms(kv, llmsRecord(site, llmsSidebars, llmsPages(site, built)));

  phase('search index');
  // The split search index: static assets beside the client, or KV for a build without one. The
  // static files it may ship depend on the Workers plan the build's KV needs (platform-limits.ts).
  const plan = workersPlanFor(kv.keyCount);
  const search = await emitSearchIndex(
    searchIndex,
    options.skipClient || options.searchInKv ? 'kv' : 'assets',
    outDir,
    kv,
    staticPieceFiles[plan],
  );

  phase('client bundle and styles');
  const siteAssets = await assetsDone();
  diagnostics.warnings.push(...siteAssets.warnings);

  phase('manifest and files');
  const manifestParts = {
    site,
    sidebars,
    lastSidebarIds: Object.keys(lastSidebars),
    assets: siteAssets.assets,
    islands: siteAssets.bundle?.islands ?? {},
    redirects: navigation.redirectPlan.patterns,
    head: withStyleSources(
      withRootHead({ ...config.head, tags: [...config.head.tags, ...blogOutput.feedLinks] }, rootHead),
      siteAssets.styles?.sources,
    ),
    feeds: blogOutput.feeds,
  };
  const assetFiles = assetBytes(siteAssets);
  const manifest = assembleManifest({ ...manifestParts, routeBuckets, llms: llms.hashes, search }, assetFiles);
  const written = await writeManifest(kv, outDir, manifest);
  await writeSiteAssets(outDir, siteAssets, staticDir, compiled.media);
  if (siteAssets.bundle) await writeCrawlFiles(outDir, site, built);
  if (!options.skipClient)
    diagnostics.warnings.push(...(await checkStaticAssets(join(outDir, 'client'), plan)).warnings);
  return {
    buildId: manifest.buildId,
    manifest,
    pages: built,
    docsDir: config.docsDir,
    warnings: diagnostics.warnings,
    broken: store.broken.sort((a, b) => a.source.localeCompare(b.source)),
    // A copy when the state is kept: the next rebuild changes the store's, and callers compare the two.
    routeTargets: options.keepState ? new Map(store.routeTargets) : store.routeTargets,
    kv: written,
    pagesFromCache: compiled.pagesFromCache,
    ...(options.keepState
      ? {
          state: {
            searchDir,
            siteDir,
            config,
            sources,
            navigation,
            versions: compiled.versions,
            store,
            searchIndex,
            media: compiled.media,
            lastSidebars: llmsSidebars,
            manifestParts,
            assetFiles,
            kept: keepOutputs(kv, store, {
              routeOrder: routeOrder!,
              beforeRedirects: beforeRedirects!,
              manifest,
              llms,
            }),
            searchStore: search.store,
            docsDataRead: docsDataReadCount() > docsDataReadsBefore,
          },
        }
      : {}),
  };
}
