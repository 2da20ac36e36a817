// Step "compile and store pages": every version's docs compiled (or taken from the compile cache)
// and handed to the page store as each batch is done, then the generated category pages; links to
// #fragments are checked once every page is known.

import { relative } from 'node:path';
import type { LoadedSiteConfig } from '../config/resolve-config.ts';
import { report, throwIfErrors, type BuildError, type Diagnostics } from '../errors.ts';
import { generatedIndexPage } from '../navigation/generated-index.ts';
import { listingPage, listingPageCount } from '../navigation/sidebar-listings.ts';
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
import { compileDocs, type CompiledDoc } from './compile-pages.ts';
import { docPageData, docPagePlace, setOf, type DocPagePlace } from './doc-page.ts';
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
   * Pages compiled in the same context once the docs are stored (the blogs'), before links to
   * #fragments are checked, so those checks see every page.
   */
  afterDocs?: (context: LinkContext) => Promise<void>;
  /** Docs pages asked for while the site compiles (`npm start`): compiled ahead of the queue. */
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
  };

  // Served before it is compiled (npm start), the site's own pages (its home page, often) come first:
  // they are few, and nothing in the docs waits for them.
  const customFirst = input.priority !== undefined;
  if (customFirst) await compileCustom(pagesToStore(sources));
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
    await compileDocs(
      loaded.docs,
      versionContext,
      (entry, index) => {
        if (entry.fromCache) pagesFromCache++;
        return compiled.storeDoc(entry, index);
      },
      {
        pool: input.pool,
        // Each page is made ready to store where it compiled: the build's own thread only writes it.
        placeOf,
        // Nothing reads a doc's source once its page is stored (a one-page rebuild reads the file).
        releaseSources: true,
        ...(input.priority ? { priority: input.priority } : {}),
        ...(compiled.onBroken ? { onBroken: (doc, _index, problems) => compiled.onBroken!(doc, problems) } : {}),
      },
    );
    throwIfErrors(diagnostics);
    offset += loaded.docs.length;
    const docsByRoute = new Map(loaded.docs.map((doc) => [doc.route, doc]));
    for (const index of sidebars.generatedIndexes) {
      await store.store({ ...generatedIndexPage(index, docsByRoute), ...setOf(version) }, offset++);
    }
    const descriptionOf = (route: string) => docsByRoute.get(route)?.description;
    for (const listing of sidebars.listings) {
      for (let page = 1; page <= listingPageCount(listing); page++)
        await store.store({ ...listingPage(listing, page, descriptionOf), ...setOf(version) }, offset++);
    }
  }
  if (!customFirst) await compileCustom(offset);
  await input.afterDocs?.(context);
  for (const problem of store.anchors.brokenAnchors()) report(diagnostics, site.onBrokenAnchors, problem);
  throwIfErrors(diagnostics);
  await pruneCompileCache(cached);
  return { pagesFromCache, media, pageContext: context.pageContext, docsData, versions };
}

/** The number of pages every version will store: its docs, its generated category pages and listing pages. */
export function pagesToStore(sources: DocSources): number {
  return [...sources.versions, ...sources.instances].reduce(
    (sum, loaded) =>
      sum +
      loaded.docs.length +
      loaded.sidebars.generatedIndexes.length +
      loaded.sidebars.listings.reduce((pages, listing) => pages + listingPageCount(listing), 0),
    0,
  );
}

function themedElementsOf(siteDir: string, mdxComponents: string | undefined): Pick<LinkContext, 'themedElements'> {
  const names = themedElements(siteDir, mdxComponents);
  return names.length > 0 ? { themedElements: names } : {};
}
