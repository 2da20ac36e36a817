// Step "compile and store pages": every version's docs compiled (or taken from the compile cache)
// and handed to the page store as each batch is done, then its generated category pages and listing
// pages; the site's own pages and the blogs after them (before them when served early); links to
// #fragments are checked once every page is known.

import { relative } from 'node:path';
import type { LoadedSiteConfig } from '../config/resolve-config.ts';
import { report, throwIfErrors, type BuildError, type Diagnostics } from '../errors.ts';
import { listingPageCount } from '../navigation/sidebar-listings.ts';
import { categoryCards } from '../navigation/doc-cards.ts';
import { siteMdxComponents } from './site-mdx-components.ts';
import { docPlaces } from './doc-context.ts';
import { themedElements } from './themed-elements.ts';
import type { SiteNavigation } from '../navigation/site-navigation.ts';
import type { PageStore } from '../outputs/page-store.ts';
import type { SourceDoc } from '../sources/discover.ts';
import type { DocSources } from '../sources/read-sources.ts';
import type { VersionDocs } from '../sources/version-docs.ts';
import type { CustomPageSource } from '../pages/discover-pages.ts';
import { compileCustomPages } from '../pages/compile-custom-pages.ts';
import { cacheProblem, compileCacheFor, entryName, pruneCompileCache, type BuildLinkContext } from './cache.ts';
import type { CompileCacheRef } from './link-context.ts';
import { compileDocs, type CompiledDoc, type CompileOptions } from './compile-pages.ts';
import { storeSidebarPages } from './sidebar-pages.ts';
import { docPageData, docPagePlace, type DocPagePlace } from './doc-page.ts';
import { docEditUrl } from '../sources/edit-url.ts';
import { lazily, type LinkContext } from './link-context.ts';
import { pageContext, type PageContext } from './page-context.ts';
import { docsGlobalData } from './docs-global-data.ts';
import type { DocsGlobalData } from '../../../client/contract/docs-global-data.ts';
import type { CompileThreadPool } from './threads.ts';
import type { CompilePriority } from './priority.ts';

export interface CompileSiteInput {
  siteDir: string;
  staticDir: string;
  config: LoadedSiteConfig;
  sources: DocSources;
  /** The pages of `src/pages/`, stored after every version's pages. */
  customPages?: CustomPageSource[];
  navigation: SiteNavigation;
  store: PageStore;
  diagnostics: Diagnostics;
  /** Compile threads started while the docs were read; none on a small site. */
  pool?: CompileThreadPool;
  /** The compile cache's folder (BuildOptions.cacheDir). */
  cacheDir?: string;
  /** The dev server: a page that fails to build is stored as a broken page. */
  tolerateBrokenPages?: boolean;
  /**
   * Compiles and stores the blogs' pages in the docs' context, once the docs are stored (served
   * early, before them), and before links to #fragments are checked, so those checks see every page.
   */
  blogs?: (context: LinkContext) => Promise<void>;
  /** The files a batch of docs references, heard before its pages are stored (CompileOptions.onMedia). */
  onMedia?: CompileOptions['onMedia'];
  /** Pages asked for while the site compiles (`npm start`): each step does them before its turn (inTurn). */
  priority?: CompilePriority;
}

export interface CompiledSite {
  pagesFromCache: number;
  /** Files pages reference, absolute path → public URL: the client's files copy them. */
  media: Map<string, string>;
  /** The site as pages see it: the browser bundle's site components see the same. */
  pageContext: PageContext;
  /** The docs plugin's global data: the browser bundle's site components read the same. */
  docsData: DocsGlobalData;
  /** How each version's docs were compiled and stored: a one-page rebuild does the same for its page. */
  versions: VersionCompile[];
}

/** A docs version as compiled: its context, the place of its first page and how a compiled doc is stored. */
export interface VersionCompile {
  loaded: VersionDocs;
  context: LinkContext;
  first: number;
  /** What a doc's page takes from its version and the build. */
  placeOf: (doc: SourceDoc) => DocPagePlace;
  /** Stores a compiled doc, `index` its place in the version's docs. */
  storeDoc: (entry: CompiledDoc, index: number) => Promise<void>;
  /** Stores a doc that failed to build (broken pages tolerated). */
  onBroken?: (doc: SourceDoc, problems: BuildError[]) => Promise<void>;
}

export async function compileSite(input: CompileSiteInput): Promise<CompiledSite> {
  const { siteDir, config, sources, navigation, store, diagnostics } = input;
  const { site } = navigation;
  const media = new Map<string, string>();
  const docsData = docsGlobalData(site, sources.versions, sources.instances);
  const mdxComponents = await siteMdxComponents(siteDir);
  if (mdxComponents.warning) diagnostics.warnings.push(mdxComponents.warning);
  const context: BuildLinkContext = {
    siteDir,
    ...(mdxComponents.file ? { siteMdxComponents: mdxComponents.file } : {}),
    ...themedElementsOf(siteDir, mdxComponents.file),
    staticDir: input.staticDir,
    docsDir: config.docsDir,
    routeOfFile: navigation.routeOfFile,
    routes: navigation.routes,
    redirects: navigation.redirects,
    media,
    onBrokenLinks: site.onBrokenLinks,
    onBrokenMarkdownLinks: site.onBrokenMarkdownLinks,
    markdown: site.markdown,
    pageContext: pageContext(site, config.docusaurusConfig, config.pluginGlobalData),
    docsData: () => docsData,
    sitePlugins: config.markdownPlugins.docs,
    diagnostics,
    relPathOf: (file: string) => relative(siteDir, file),
  };
  const blogs = async () => await input.blogs?.(context);
  const compileCustom = async (firstIndex: number) => {
    if (!input.customPages || input.customPages.length === 0) return;
    await compileCustomPages({
      pages: input.customPages,
      // Custom pages run the pages plugin's own remark and rehype lists, as Docusaurus does.
      context: { ...context, sitePlugins: config.markdownPlugins.pages },
      site,
      store,
      firstIndex,
      ...(input.tolerateBrokenPages ? { tolerateBrokenPages: true } : {}),
    });
    throwIfErrors(diagnostics);
    // Custom pages add their images to the build's as they compile (the docs' come at their step's end).
    await input.onMedia?.([...media]);
  };

  // Served before it is compiled (npm start), every step of the build starts at once and waits for
  // its turn (the steps before it done), doing meanwhile only the pages asked for: see inTurn. The
  // site's own pages (its home page, often) and the blogs come first then: they are few, and
  // nothing in the docs waits for them. A blog is compiled whole, never a page alone: a post's
  // page lists the recent posts and links the newer and older one, all among the posts that built
  // (one that fails drops out of its neighbours' pages), and a list or tag page shows the excerpt
  // of each of its posts.
  const { priority } = input;
  const steps: Step[] = [];
  if (priority)
    steps.push(
      inOrder(() => compileCustom(pagesToStore(sources))),
      inOrder(blogs),
    );
  // A version's pages (docs, then generated category pages) take consecutive places in the build,
  // so the search index tells versions apart by ranges of pages.
  let offset = 0;
  const cached: { cache: CompileCacheRef; names: string[] }[] = [];
  let pagesFromCache = 0;
  const versions: VersionCompile[] = [];
  for (const loaded of [...sources.versions, ...sources.instances]) {
    const { version, sidebars, lastModified } = loaded;
    const locale = context.pageContext.i18n.currentLocale;
    const editUrl = version.pluginId ? version.editUrl : config.editUrl;
    const editUrlOf = (doc: SourceDoc) => docEditUrl(editUrl, doc, version, siteDir, locale);
    const first = offset;
    const descriptions = new Map(loaded.docs.map((doc) => [doc.route, doc.description]));
    const versionContext: BuildLinkContext = {
      ...context,
      docsDir: version.docsDir,
      // An instance runs its own remark and rehype lists, as each docs plugin does in Docusaurus.
      ...(version.pluginId ? { sitePlugins: config.markdownPlugins.docsInstances[version.pluginId] } : {}),
      docCards: categoryCards(sidebars.sidebars, (route) => descriptions.get(route)),
      docPlaces: lazily(() => docPlaces(loaded)),
    };
    if (input.cacheDir) {
      try {
        versionContext.compileCache = await compileCacheFor(input.cacheDir, versionContext);
        const cache = versionContext.compileCache;
        cached.push({ cache, names: loaded.docs.map((doc) => entryName(cache, doc)) });
      } catch (error) {
        diagnostics.warnings.push(cacheProblem(relative(siteDir, input.cacheDir), input.cacheDir, error));
      }
    }
    const placeOf = (doc: SourceDoc) =>
      docPagePlace(doc, sidebars, version, lastModified.get(doc.docPath), editUrlOf(doc), store.placeOf(doc.route));
    const compiled: VersionCompile = {
      loaded,
      context: versionContext,
      first,
      placeOf,
      storeDoc: (entry, index) =>
        sources.brokenDocs?.has(entry.doc.file)
          ? store.storeBroken(entry.doc, [], sidebars)
          : entry.prepared
            ? store.storePrepared(entry.prepared, first + index)
            : store.store(docPageData(entry, placeOf(entry.doc)), first + index),
      ...(input.tolerateBrokenPages
        ? { onBroken: (doc: SourceDoc, problems: BuildError[]) => store.storeBroken(doc, problems, sidebars) }
        : {}),
    };
    versions.push(compiled);
    const storeDoc = (entry: CompiledDoc, index: number) => {
      if (entry.fromCache) pagesFromCache++;
      return compiled.storeDoc(entry, index);
    };
    steps.push(async (turn) => {
      await compileDocs(loaded.docs, versionContext, storeDoc, {
        pool: input.pool,
        // Each page is made ready to store where it compiled: the build's own thread only writes it.
        placeOf,
        // Nothing reads a doc's source once its page is stored (a one-page rebuild reads the file).
        releaseSources: true,
        ...(priority ? { priority, turn } : {}),
        ...(input.onMedia ? { onMedia: input.onMedia } : {}),
        ...(compiled.onBroken ? { onBroken: (doc, _index, problems) => compiled.onBroken!(doc, problems) } : {}),
      });
      throwIfErrors(diagnostics);
    });
    steps.push((turn) =>
      storeSidebarPages(loaded, first + loaded.docs.length, store, priority ? { priority, turn } : {}),
    );
    offset += versionPages(loaded);
  }
  if (!priority) steps.push(() => compileCustom(offset), blogs);
  await inTurn(steps, priority !== undefined);
  for (const problem of store.anchors.brokenAnchors()) report(diagnostics, site.onBrokenAnchors, problem);
  throwIfErrors(diagnostics);
  await pruneCompileCache(cached);
  return { pagesFromCache, media, pageContext: context.pageContext, docsData, versions };
}

/** A step of the build: it may start its own work once `turn` settles (the steps before it are done). */
type Step = (turn: Promise<void>) => Promise<void>;

/** A step that does nothing before its turn. */
function inOrder(run: () => Promise<void>): Step {
  return (turn) => turn.then(run);
}

/**
 * Runs `steps` one after another; `early` (npm start serving before its first build is done), all at
 * once, each given as its turn the end of the one before: a step does only the pages asked for
 * before its turn (compileDocs, storeSidebarPages), so a page of any step is served when asked.
 */
async function inTurn(steps: Step[], early: boolean): Promise<void> {
  if (!early) {
    for (const step of steps) await step(Promise.resolve());
    return;
  }
  let turn = Promise.resolve();
  const running = steps.map((step) => (turn = step(turn)));
  await Promise.all(running);
}

/** The number of pages every version will store: its docs, its generated category pages and listing pages. */
export function pagesToStore(sources: DocSources): number {
  return [...sources.versions, ...sources.instances].reduce((sum, loaded) => sum + versionPages(loaded), 0);
}

function versionPages(loaded: VersionDocs): number {
  const { sidebars } = loaded;
  const listings = sidebars.listings.reduce((pages, listing) => pages + listingPageCount(listing), 0);
  return loaded.docs.length + sidebars.generatedIndexes.length + listings;
}

function themedElementsOf(siteDir: string, mdxComponents: string | undefined): Pick<LinkContext, 'themedElements'> {
  const names = themedElements(siteDir, mdxComponents);
  return names.length > 0 ? { themedElements: names } : {};
}
