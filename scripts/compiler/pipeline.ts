// The build as a pipeline of plain steps: config → discover → routes → sidebars → compile and
// store each page → route table, sidebars, llms, search → client bundle → the build's manifest.
// Each step takes and returns data; `runBuild` wires them. Pages are stored as they are compiled
// (scripts/compiler/outputs/kv-writer.ts), so memory holds summaries, not every page's tree.

import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { LlmsPart, Manifest, RouteBucket, RouteTarget } from '../../client/contract/storage.ts';
import type { PageData, TreeNode } from '../../client/contract/page.ts';
import type { SidebarItem } from '../../client/contract/sidebar.ts';
import type { SiteConfig } from '../../client/contract/site-config.ts';
import { kvKeys, routeBucket } from '../../client/contract/storage.ts';
import { islandsOf } from '../../client/contract/islands.ts';
import { bundleClient, writeClient } from './assets/client-bundle.ts';
import { compileDocs, defaultThreads, type CompiledDoc } from './compile/compile-pages.ts';
import { startCompileThreadPool, type CompileThreadPool } from './compile/threads.ts';
import { cacheProblem, compileCacheFor, pruneCompileCache, type CompileCacheRef } from './compile/cache.ts';
import type { LinkContext } from './compile/markdown/mdx-plugins.ts';
import { withStyleSources } from './config/head-tags.ts';
import { bundleSiteStyles, writeSiteStyles } from './assets/site-styles.ts';
import { robotsTxt, sitemapXml } from './outputs/crawl-files.ts';
import { loadSiteConfig } from './config/resolve-config.ts';
import { assignRoutes, docRedirects } from './navigation/doc-routes.ts';
import { BuildError, newDiagnostics, report, throwIfErrors } from './errors.ts';
import { AnchorIndex } from './compile/checks/anchors.ts';
import { exactRouteTargets, planRedirects, routesReplaced } from './navigation/redirect-plan.ts';
import { readRedirects } from './sources/redirects-file.ts';
import { emitSearchIndex } from './outputs/search/emit.ts';
import { createSearchIndexWriter } from './outputs/search/index-writer.ts';
import { pageSearchRecords, topLevelSections } from './outputs/search/records.ts';
import { KvWriter } from './outputs/kv-writer.ts';
import { generatedIndexPage } from './navigation/generated-index.ts';
import { brokenPageRecord, type BrokenPageReport } from './outputs/broken-pages.ts';
import { llmsRecord } from './outputs/llms.ts';
import { pageMarkdown } from './outputs/markdown-export.ts';
import { firstPage, resolveNavbar } from './config/navbar.ts';
import type { ResolvedSidebars } from './navigation/sidebars.ts';
import { listDocFiles, type SourceDoc } from './sources/discover.ts';
import { alternateRoutes, docsVersion, loadVersionDocs } from './sources/version-docs.ts';
import { readVersions } from './sources/docs-versions.ts';
import { pageContext } from './compile/page-context.ts';
import type { PhaseTimer } from './phase-timings.ts';
import { styleGroupsOfPage } from './assets/stylesheet-groups.ts';

export interface BuildOptions {
  siteDir: string;
  outDir: string;
  /** Skip the browser bundle (unit tests of the content steps); the search pieces then go to KV. */
  skipClient?: boolean;
  /**
   * The dev server: a page that fails to build becomes an error page at its route (see
   * broken-pages.ts) and the build goes on; problems outside pages still stop it.
   */
  tolerateBrokenPages?: boolean;
  /** Told as each phase starts (the `--timings` figures). */
  timer?: PhaseTimer;
  /**
   * A folder to keep compiled pages in between builds (compile-cache.ts): pages whose source and
   * context did not change are not compiled again. None by default.
   */
  cacheDir?: string;
}

/** A page as the build summarises it once stored: its data without the element tree. */
export type PageSummary = Omit<PageData, 'tree' | 'toc'>;

export interface BuildResult {
  buildId: string;
  manifest: Manifest;
  /** Every page, in the order of `docs` (discovery order), without its tree. */
  pages: PageSummary[];
  warnings: BuildError[];
  /** The folder the docs were read from (Docusaurus's `docs.path` may lie outside the site folder). */
  docsDir: string;
  /** Pages that failed to build (only with `tolerateBrokenPages`; otherwise the build throws). */
  broken: BrokenPageReport[];
  /** Where each route leads (pages by content hash, redirects). */
  routeTargets: Map<string, RouteTarget>;
  kv: { files: number; keys: number; largest: { key: string; bytes: number } };
  /** Pages taken from the compile cache (`cacheDir`) instead of compiled. */
  pagesFromCache: number;
}

/** Routes a bucket of the route table holds, on average: a bucket stays a few KB at any size. */
const routesPerBucket = 128;

export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  // Compile threads start before the docs are read; however the build ends, they are stopped.
  const started: { pool?: CompileThreadPool } = {};
  try {
    return await buildSite(options, started);
  } finally {
    await started.pool?.close();
  }
}

async function buildSite(options: BuildOptions, started: { pool?: CompileThreadPool }): Promise<BuildResult> {
  const siteDir = resolve(options.siteDir);
  const staticDir = join(siteDir, 'static');
  const diagnostics = newDiagnostics();
  const phase = (name: string) => options.timer?.start(name);

  phase('config');
  const config = await loadSiteConfig(siteDir);
  diagnostics.warnings.push(...config.warnings);
  // Docs with bad frontmatter are kept, by file path, when broken pages are tolerated.
  const brokenDocs = options.tolerateBrokenPages ? new Map<string, BuildError[]>() : undefined;
  phase('discover');
  // Each version is a docs folder of its own, with its sidebars and route prefix.
  const sources = readVersions({
    siteDir,
    docsDir: config.docsDir,
    sidebarPath: config.sidebarPath,
    routeBasePath: config.site.docs.routeBasePath,
    currentLabel: config.site.docs.versionLabel,
    options: config.versioning,
    configFile: config.configFile,
  });
  const listed = await Promise.all(sources.map((version) => listDocFiles(version.docsDir)));
  // A compile thread takes about two seconds of CPU to load: on a large site they start now, on
  // the cores reading the docs leaves idle.
  const threads = defaultThreads(listed.reduce((sum, files) => sum + files.length, 0));
  if (threads > 0) started.pool = startCompileThreadPool(threads);
  const versions = await Promise.all(
    sources.map((version, index) => loadVersionDocs(siteDir, version, brokenDocs, listed[index])),
  );
  const lastDocs = versions.find((loaded) => loaded.version.isLast)!;
  const docs = versions.flatMap((loaded) => loaded.docs);
  const routeOfFile = assignRoutes(docs);
  const routes = new Set(routeOfFile.values());
  // Navbar items may name a doc or a sidebar: the last version's, and their counterparts in the others.
  const navbarItems = resolveNavbar(
    config.navbar,
    versions.map(({ version, docs: versionDocs, sidebars }) => ({
      name: version.name,
      isLast: version.isLast,
      sidebarPrefix: version.sidebarPrefix,
      docs: versionDocs,
      sidebars: sidebars.sidebars,
    })),
    config.configFile,
  );
  for (const { sidebars } of versions) {
    diagnostics.warnings.push(...sidebars.warnings);
    for (const index of sidebars.generatedIndexes) {
      if (routes.has(index.route)) {
        throw new BuildError(
          index.source,
          undefined,
          `the page generated for category "${index.title}" would have the route ${index.route}, which another page has`,
          'give the category link a `slug` of its own, e.g. { "type": "generated-index", "slug": "/category/other" }',
        );
      }
      routes.add(index.route);
    }
  }
  const site: SiteConfig = {
    ...config.site,
    navbar: { ...config.site.navbar, items: navbarItems },
    docs: {
      ...config.site.docs,
      versions: versions.map((loaded) => docsVersion(loaded, routes)),
      lastVersion: lastDocs.version.name,
    },
  };
  const parsedRedirects = readRedirects(staticDir);
  const redirectPlan = planRedirects(parsedRedirects.rules, routes, staticDir);
  diagnostics.warnings.push(...parsedRedirects.warnings, ...redirectPlan.warnings);
  const replaced = routesReplaced(redirectPlan, routes);
  const redirects = {
    ...docRedirects(routes, site.docs, versions, firstPage(Object.values(lastDocs.sidebars.sidebars)[0] ?? [])?.href),
    // Links to an old path that `_redirects` moves are not broken.
    ...Object.fromEntries([...redirectPlan.exact].map(([from, rule]) => [from, rule.to])),
  };
  const alternates = alternateRoutes(versions);

  await rm(options.outDir, { recursive: true, force: true });
  await mkdir(join(options.outDir, 'kv'), { recursive: true });
  await mkdir(join(options.outDir, 'search'), { recursive: true });
  const kv = new KvWriter(join(options.outDir, 'kv'));
  const records = new JsonListWriter(join(options.outDir, 'search', 'records.json'));
  const allSidebars: Record<string, SidebarItem[]> = Object.assign(
    {},
    ...versions.map((loaded) => loaded.sidebars.sidebars),
  );
  const sections = topLevelSections(allSidebars);
  const searchIndex = createSearchIndexWriter({ siteUrl: site.url });
  const pageCount = versions.reduce(
    (sum, loaded) => sum + loaded.docs.length + loaded.sidebars.generatedIndexes.length,
    0,
  );
  const pages: PageSummary[] = new Array<PageSummary>(pageCount);
  const routeTargets = new Map<string, RouteTarget>();
  // The site's component modules the pages use: the browser bundle gets a chunk for each.
  const islands = new Set<string>();
  const anchors = new AnchorIndex();
  const storePage = async (page: PageData, index: number) => {
    anchors.add(page);
    const others = alternates.get(page.route);
    if (others && Object.keys(others).length > 0) page.versions = others;
    for (const island of page.islands ?? []) islands.add(island);
    page.styles = styleGroupsOfPage(page);
    const pageHash = await kv.putContent(kvKeys.page, JSON.stringify(page));
    // Plain Markdown for `<route>.md` and the llms files; absolute links on the configured url.
    const markdownHash = await kv.putContent(kvKeys.markdown, pageMarkdown(page, site.url));
    routeTargets.set(page.route, { page: pageHash, markdown: markdownHash });
    const { tree: _tree, toc: _toc, ...summary } = page;
    pages[index] = summary;
    // A page a forced `_redirects` rule stands in for cannot be reached, so nothing offers it.
    if (replaced.has(page.route)) {
      summary.unlisted = true;
      return;
    }
    const pageRecords = pageSearchRecords(page, sections, site.url);
    await records.add(pageRecords);
    searchIndex.addPage(index, pageRecords);
  };

  const broken: BrokenPageReport[] = [];
  const storeBroken = async (doc: SourceDoc, compileProblems: BuildError[], sidebars: ResolvedSidebars) => {
    const problems = [...(brokenDocs?.get(doc.file) ?? []), ...compileProblems];
    const record = brokenPageRecord(doc, problems, sidebars.sidebarOfDoc.get(doc.id));
    routeTargets.set(doc.route, { broken: await kv.putContent(kvKeys.broken, JSON.stringify(record)) });
    broken.push({ route: doc.route, source: doc.relPath, problems });
  };

  // Each page is stored as soon as it is compiled, and only its summary is kept.
  const media = new Map<string, string>();
  const context = {
    siteDir,
    staticDir,
    docsDir: config.docsDir,
    routeOfFile,
    routes,
    redirects,
    media,
    onBrokenLinks: site.onBrokenLinks,
    onBrokenMarkdownLinks: site.onBrokenMarkdownLinks,
    markdown: site.markdown,
    pageContext: pageContext(site, config.docusaurusConfig),
    diagnostics,
    relPathOf: (file: string) => relative(siteDir, file),
  };
  // A version's pages (docs, then generated category pages) take consecutive places in the build,
  // so the search index tells versions apart by ranges of pages.
  phase('compile and store pages');
  let offset = 0;
  const cached: { cache: CompileCacheRef; docs: SourceDoc[] }[] = [];
  let pagesFromCache = 0;
  for (const loaded of versions) {
    const { version, sidebars, lastModified } = loaded;
    const first = offset;
    const versionContext: LinkContext = { ...context, docsDir: version.docsDir };
    if (options.cacheDir) {
      try {
        versionContext.compileCache = await compileCacheFor(options.cacheDir, versionContext);
        cached.push({ cache: versionContext.compileCache, docs: loaded.docs });
      } catch (error) {
        diagnostics.warnings.push(cacheProblem(relative(siteDir, options.cacheDir), options.cacheDir, error));
      }
    }
    await compileDocs(
      loaded.docs,
      versionContext,
      (entry, index) => {
        if (entry.fromCache) pagesFromCache++;
        return brokenDocs?.has(entry.doc.file)
          ? storeBroken(entry.doc, [], sidebars)
          : storePage(toPageData(entry, sidebars, version.name, lastModified.get(entry.doc.docPath)), first + index);
      },
      {
        pool: started.pool,
        ...(options.tolerateBrokenPages
          ? { onBroken: (doc, _index, problems) => storeBroken(doc, problems, sidebars) }
          : {}),
      },
    );
    throwIfErrors(diagnostics);
    offset += loaded.docs.length;
    const docsByRoute = new Map(loaded.docs.map((doc) => [doc.route, doc]));
    for (const index of sidebars.generatedIndexes) {
      await storePage({ ...generatedIndexPage(index, docsByRoute), version: version.name }, offset++);
    }
  }
  await records.close();
  for (const problem of anchors.brokenAnchors()) report(diagnostics, site.onBrokenAnchors, problem);
  throwIfErrors(diagnostics);
  await pruneCompileCache(cached);
  // Broken pages leave holes: the pages built, in the order of `docs`.
  const built = pages.filter((page) => page !== undefined);

  phase('routes, sidebars, llms');
  // esbuild bundles the browser code and the site's CSS in a process of its own while this thread
  // writes the route table, sidebars and search index. Both are awaited below, failures included.
  const bundling = options.skipClient
    ? undefined
    : bundleClient({ siteDir, modules: [...islands].sort(), pageContext: context.pageContext });
  const styling = bundleSiteStyles(config.customCss, siteDir, config.configFile);
  for (const started of [bundling, styling]) started?.catch(() => undefined);
  // `_redirects` first: its plain rules replace a page only when forced (redirect-plan.ts).
  for (const [from, target] of exactRouteTargets(redirectPlan, routeTargets)) routeTargets.set(from, target);
  for (const [from, to] of Object.entries(redirects)) {
    if (!routeTargets.has(from)) routeTargets.set(from, { redirect: to });
  }
  const routeBuckets = await storeRouteTable(kv, routeTargets);
  const sidebarRefs: Manifest['sidebars'] = {};
  for (const { version, sidebars } of versions) {
    for (const [id, items] of Object.entries(sidebars.sidebars)) {
      const hash = await kv.putContent(kvKeys.sidebar, JSON.stringify(items));
      sidebarRefs[id] = { hash, size: countLinks(items), version: version.name };
    }
  }
  // The llms files describe the docs readers land on: the last version.
  const llms: string[] = [];
  const lastPages = built.filter((page) => page.version === site.docs.lastVersion);
  for (const part of llmsParts(llmsRecord(site, lastDocs.sidebars.sidebars, lastPages))) {
    llms.push(await kv.putContent(kvKeys.llms, JSON.stringify(part)));
  }
  phase('search index');
  // The split search index: static assets beside the client, or KV for a build without one.
  const search = await emitSearchIndex(searchIndex, options.skipClient ? 'kv' : 'assets', options.outDir, kv);

  phase('client bundle and styles');
  const bundle = await bundling;
  const ownAssets = bundle?.assets ?? { script: '/assets/main.js', modulePreloads: [], styleGroups: [], styles: [] };
  // The site's own CSS comes after ours, so its rules win where both style the same thing.
  const siteStyles = await styling;
  diagnostics.warnings.push(...siteStyles.warnings);
  const styles = siteStyles.styles;
  const assets = styles ? { ...ownAssets, styles: [...ownAssets.styles, styles.url] } : ownAssets;
  const head = withStyleSources(config.head, styles?.sources);
  const content: Omit<Manifest, 'buildId' | 'builtAt'> = {
    site,
    routeBuckets,
    sidebars: sidebarRefs,
    ...(Object.keys(lastDocs.sidebars.sidebars)[0]
      ? { defaultSidebar: Object.keys(lastDocs.sidebars.sidebars)[0] }
      : {}),
    llms,
    search,
    assets,
    ...(bundle && Object.keys(bundle.islands).length > 0 ? { islands: bundle.islands } : {}),
    ...(redirectPlan.patterns.length > 0 ? { redirects: redirectPlan.patterns } : {}),
    ...(head.tags.length > 0 || Object.values(head.sources).some((list) => list.length > 0) ? { head } : {}),
  };
  const buildId = hashBuild(content, [
    ...(bundle ? bundle.files.values() : []),
    ...(styles ? [styles.bytes, ...styles.files.values()] : []),
  ]);
  const manifest: Manifest = { buildId, builtAt: new Date().toISOString(), ...content };
  phase('manifest and files');
  const contentKeys = JSON.stringify(kv.contentKeys());
  await kv.put(kvKeys.keys(buildId), contentKeys);
  await kv.put(kvKeys.manifest(buildId), JSON.stringify(manifest));
  const written = await kv.close();
  await writeFile(join(options.outDir, 'kv', 'build-id'), buildId);
  // The deploy protects these from garbage collection without reading them back from KV.
  await writeFile(join(options.outDir, 'kv', 'keys.json'), contentKeys);

  if (styles) await writeSiteStyles(options.outDir, styles);
  if (bundle) {
    await writeClient(options.outDir, bundle, staticDir, media);
    const listed = built.filter((page) => !page.unlisted);
    await writeFile(join(options.outDir, 'client', 'sitemap.xml'), sitemapXml(site.url, listed));
    const robots = join(options.outDir, 'client', 'robots.txt');
    await writeFile(robots, robotsTxt(site, existsSync(robots) ? await readFile(robots, 'utf8') : undefined));
  }
  return {
    buildId,
    manifest,
    pages: built,
    docsDir: config.docsDir,
    warnings: diagnostics.warnings,
    broken: broken.sort((a, b) => a.source.localeCompare(b.source)),
    routeTargets,
    kv: { ...written, largest: kv.largest },
    pagesFromCache,
  };
}

/** The route table in buckets of about `routesPerBucket` routes; returns the buckets' hashes. */
async function storeRouteTable(kv: KvWriter, targets: Map<string, RouteTarget>): Promise<string[]> {
  const count = Math.max(1, Math.ceil(targets.size / routesPerBucket));
  const buckets: RouteBucket[] = Array.from({ length: count }, () => ({}));
  for (const route of [...targets.keys()].sort()) buckets[routeBucket(route, count)]![route] = targets.get(route)!;
  const hashes: string[] = [];
  for (const bucket of buckets) hashes.push(await kv.putContent(kvKeys.routes, JSON.stringify(bucket)));
  return hashes;
}

function countLinks(items: SidebarItem[]): number {
  return items.reduce((sum, item) => sum + 1 + (item.type === 'category' ? countLinks(item.items) : 0), 0);
}

/** Text of a part of `/llms.txt` at most, so that no llms value grows with the site. */
const llmsPartBytes = 256 * 1024;
const llmsPartPages = 2000;

/** `/llms.txt` cut at line ends into parts, and its pages spread over them. */
export function llmsParts(record: { text: string; routes: string[] }): LlmsPart[] {
  const texts: string[] = [];
  let current = '';
  for (const line of record.text.split(/(?<=\n)/)) {
    if (current.length + line.length > llmsPartBytes && current) {
      texts.push(current);
      current = '';
    }
    current += line;
  }
  texts.push(current);
  const count = Math.max(texts.length, Math.ceil(record.routes.length / llmsPartPages));
  return Array.from({ length: count }, (_, index) => ({
    text: texts[index] ?? '',
    routes: record.routes.slice(index * llmsPartPages, (index + 1) * llmsPartPages),
  }));
}

/**
 * A JSON list written as items come (DocSearch records for `search:push`), in writes of about a
 * megabyte: a write per record would be a system call each for ~90 records a page.
 */
class JsonListWriter {
  private first = true;
  private buffered: string[] = [];
  private bufferedLength = 0;
  private readonly handle: Promise<FileHandle>;

  constructor(path: string) {
    this.handle = open(path, 'w');
  }

  async add(items: unknown[]): Promise<void> {
    for (const item of items) {
      const text = `${this.first ? '[\n' : ',\n'}${JSON.stringify(item)}`;
      this.buffered.push(text);
      this.bufferedLength += text.length;
      this.first = false;
    }
    if (this.bufferedLength >= writeChunkLength) await this.flush();
  }

  async close(): Promise<void> {
    this.buffered.push(this.first ? '[]\n' : '\n]\n');
    await this.flush();
    await (await this.handle).close();
  }

  private async flush(): Promise<void> {
    const text = this.buffered.join('');
    this.buffered = [];
    this.bufferedLength = 0;
    await (await this.handle).write(text);
  }
}

const writeChunkLength = 1 << 20;

function toPageData(
  entry: CompiledDoc,
  sidebars: ResolvedSidebars,
  version: string,
  lastModified: string | undefined,
): PageData {
  const { doc } = entry;
  const page: PageData = {
    route: doc.route,
    title: doc.title,
    description: doc.description,
    keywords: doc.keywords,
    hideTitle: doc.hideTitle,
    hideTableOfContents: doc.hideTableOfContents,
    tree: entry.tree,
    toc: entry.toc,
    breadcrumbs: sidebars.breadcrumbs.get(doc.id) ?? [],
    source: doc.relPath,
    ...islandsField(entry.tree),
  };
  if (doc.className) page.className = doc.className;
  if (doc.unlisted) page.unlisted = true;
  if (lastModified) page.lastModified = lastModified;
  const sidebar = sidebars.sidebarOfDoc.get(doc.id);
  if (sidebar) page.sidebar = sidebar;
  page.version = version;
  const previous = sidebars.previous.get(doc.id);
  const next = sidebars.next.get(doc.id);
  if (previous) page.previous = previous;
  if (next) page.next = next;
  return page;
}

/** The site component modules a page's tree uses, as PageData stores them. */
function islandsField(tree: TreeNode[]): Pick<PageData, 'islands'> {
  const islands = islandsOf(tree);
  return islands.length > 0 ? { islands } : {};
}

function hashBuild(content: unknown, files: Uint8Array[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(content));
  for (const file of files) hash.update(file);
  return hash.digest('hex').slice(0, 12);
}
