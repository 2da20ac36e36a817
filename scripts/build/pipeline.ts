// The build as a pipeline of plain steps: config → discover → routes → sidebars → compile and
// store each page → route table, sidebars, llms, search → client bundle → the build's manifest.
// Each step takes and returns data; `runBuild` wires them. Pages are stored as they are compiled
// (scripts/build/kv-writer.ts), so memory holds summaries, not every page's tree.

import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { LlmsPart, Manifest, PageData, RouteBucket, RouteTarget, SidebarItem } from '../../client/model.ts';
import { kvKeys, routeBucket } from '../../client/model.ts';
import { bundleClient, writeClient } from './client-bundle.ts';
import { compileDocs, type CompiledDoc } from './compile.ts';
import { robotsTxt, sitemapXml } from './crawl-files.ts';
import { loadSiteConfig } from './config.ts';
import { discoverDocs, normaliseRoute, type SourceDoc } from './discover.ts';
import { BuildError, newDiagnostics, throwIfErrors, type Diagnostics } from './errors.ts';
import { lastModifiedDates } from './last-modified.ts';
import { readRedirects } from './redirects.ts';
import { emitSearchIndex } from './search-index/emit.ts';
import { createSearchIndexWriter } from './search-index/writer.ts';
import { pageSearchRecords, topLevelSections } from './search-records.ts';
import { KvWriter } from './kv-writer.ts';
import { generatedIndexPage } from './generated-index.ts';
import { llmsRecord } from './llms.ts';
import { pageMarkdown } from './markdown-export.ts';
import { firstPage, resolveNavbar } from './navbar.ts';
import { loadSidebars, resolveSidebars, type ResolvedSidebars } from './sidebars.ts';

export interface BuildOptions {
  siteDir: string;
  outDir: string;
  /** Skip the browser bundle (unit tests of the content steps); the search pieces then go to KV. */
  skipClient?: boolean;
}

/** A page as the build summarises it once stored: its data without the element tree. */
export type PageSummary = Omit<PageData, 'tree' | 'toc'>;

export interface BuildResult {
  buildId: string;
  manifest: Manifest;
  /** Every page, in the order of `docs` (discovery order), without its tree. */
  pages: PageSummary[];
  warnings: BuildError[];
  /** Where each route leads (pages by content hash, redirects). */
  routeTargets: Map<string, RouteTarget>;
  kv: { files: number; keys: number; largest: { key: string; bytes: number } };
}

/** Routes a bucket of the route table holds, on average: a bucket stays a few KB at any size. */
const routesPerBucket = 128;

export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const siteDir = resolve(options.siteDir);
  const staticDir = join(siteDir, 'static');
  const diagnostics = newDiagnostics();

  const config = await loadSiteConfig(siteDir);
  diagnostics.warnings.push(...config.warnings);
  const { docsDir } = config;
  const docs = await discoverDocs(siteDir, config.site.docs.routeBasePath, docsDir);
  const routeOfFile = assignRoutes(docs);
  const routes = new Set(routeOfFile.values());
  // Sidebars need only the docs' metadata, so they come before compiling (the entry redirect uses them).
  const sidebars = resolveSidebars(
    await loadSidebars(siteDir, config.sidebarPath),
    docs,
    siteDir,
    config.site.docs.routeBasePath,
    docsDir,
  );
  // Navbar items may name a doc or a sidebar: they link to pages now known.
  const navbarItems = resolveNavbar(config.navbar, docs, sidebars.sidebars, config.configFile);
  const site = { ...config.site, navbar: { ...config.site.navbar, items: navbarItems } };
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
  const redirects = {
    ...entryRedirects(routes, site.docs.routeBasePath, firstPage(Object.values(sidebars.sidebars)[0] ?? [])?.href),
    ...legacyRedirects(docs, site.docs.routeBasePath),
    ...readRedirects(staticDir, routes, site.onBrokenLinks, diagnostics),
  };
  const lastModified = await lastModifiedDates(docsDir);

  await rm(options.outDir, { recursive: true, force: true });
  await mkdir(join(options.outDir, 'kv'), { recursive: true });
  await mkdir(join(options.outDir, 'search'), { recursive: true });
  const kv = new KvWriter(join(options.outDir, 'kv'));
  const records = new JsonListWriter(join(options.outDir, 'search', 'records.json'));
  const sections = topLevelSections(sidebars.sidebars);
  const searchIndex = createSearchIndexWriter({ siteUrl: site.url });
  const pages: PageSummary[] = new Array<PageSummary>(docs.length + sidebars.generatedIndexes.length);
  const routeTargets = new Map<string, RouteTarget>();
  const storePage = async (page: PageData, index: number) => {
    const pageHash = await kv.putContent(kvKeys.page, JSON.stringify(page));
    // Plain Markdown for `<route>.md` and the llms files; absolute links on the configured url.
    const markdownHash = await kv.putContent(kvKeys.markdown, pageMarkdown(page, site.url));
    routeTargets.set(page.route, { page: pageHash, markdown: markdownHash });
    const { tree: _tree, toc: _toc, ...summary } = page;
    pages[index] = summary;
    const pageRecords = pageSearchRecords(page, sections, site.url);
    await records.add(pageRecords);
    searchIndex.addPage(index, pageRecords);
  };

  // Each page is stored as soon as it is compiled, and only its summary is kept.
  const media = new Map<string, string>();
  const context = {
    siteDir,
    staticDir,
    docsDir,
    routeOfFile,
    routes,
    redirects,
    media,
    onBrokenLinks: site.onBrokenLinks,
    onBrokenMarkdownLinks: site.onBrokenMarkdownLinks,
    markdown: site.markdown,
    diagnostics,
    relPathOf: (file: string) => relative(siteDir, file),
  };
  await compileDocs(docs, context, (entry, index) =>
    storePage(toPageData(entry, sidebars, lastModified.get(entry.doc.docPath)), index),
  );
  throwIfErrors(diagnostics);
  const docsByRoute = new Map(docs.map((doc) => [doc.route, doc]));
  for (const [offset, index] of sidebars.generatedIndexes.entries()) {
    await storePage(generatedIndexPage(index, docsByRoute), docs.length + offset);
  }
  await records.close();

  for (const [from, to] of Object.entries(redirects)) {
    if (!routeTargets.has(from)) routeTargets.set(from, { redirect: to });
  }
  const routeBuckets = await storeRouteTable(kv, routeTargets);
  const sidebarRefs: Manifest['sidebars'] = {};
  for (const [id, items] of Object.entries(sidebars.sidebars)) {
    sidebarRefs[id] = { hash: await kv.putContent(kvKeys.sidebar, JSON.stringify(items)), size: countLinks(items) };
  }
  const llms: string[] = [];
  for (const part of llmsParts(llmsRecord(site, sidebars.sidebars, pages))) {
    llms.push(await kv.putContent(kvKeys.llms, JSON.stringify(part)));
  }
  // The split search index: static assets beside the client, or KV for a build without one.
  const search = await emitSearchIndex(searchIndex, options.skipClient ? 'kv' : 'assets', options.outDir, kv);

  const bundle = options.skipClient ? undefined : await bundleClient();
  const assets = bundle?.assets ?? { script: '/assets/main.js', modulePreloads: [], inlineStyle: '' };
  const content: Omit<Manifest, 'buildId' | 'builtAt'> = {
    site,
    routeBuckets,
    sidebars: sidebarRefs,
    ...(Object.keys(sidebars.sidebars)[0] ? { defaultSidebar: Object.keys(sidebars.sidebars)[0] } : {}),
    llms,
    search,
    assets,
  };
  const buildId = hashBuild(content, bundle ? [...bundle.files.values()] : []);
  const manifest: Manifest = { buildId, builtAt: new Date().toISOString(), ...content };
  const contentKeys = JSON.stringify(kv.contentKeys());
  await kv.put(kvKeys.keys(buildId), contentKeys);
  await kv.put(kvKeys.manifest(buildId), JSON.stringify(manifest));
  const written = await kv.close();
  await writeFile(join(options.outDir, 'kv', 'build-id'), buildId);
  // The deploy protects these from garbage collection without reading them back from KV.
  await writeFile(join(options.outDir, 'kv', 'keys.json'), contentKeys);

  if (bundle) {
    await writeClient(options.outDir, bundle, staticDir, media);
    const listed = pages.filter((page) => !page.unlisted);
    await writeFile(join(options.outDir, 'client', 'sitemap.xml'), sitemapXml(site.url, listed));
    const robots = join(options.outDir, 'client', 'robots.txt');
    await writeFile(robots, robotsTxt(site, existsSync(robots) ? await readFile(robots, 'utf8') : undefined));
  }
  return {
    buildId,
    manifest,
    pages,
    warnings: diagnostics.warnings,
    routeTargets,
    kv: { ...written, largest: kv.largest },
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

/** A JSON list written item by item (DocSearch records for `search:push`). */
class JsonListWriter {
  private first = true;
  private readonly handle: Promise<FileHandle>;

  constructor(path: string) {
    this.handle = open(path, 'w');
  }

  async add(items: unknown[]): Promise<void> {
    const handle = await this.handle;
    for (const item of items) {
      await handle.write(`${this.first ? '[\n' : ',\n'}${JSON.stringify(item)}`);
      this.first = false;
    }
  }

  async close(): Promise<void> {
    const handle = await this.handle;
    await handle.write(this.first ? '[]\n' : '\n]\n');
    await handle.close();
  }
}

/** Routes are unique; two docs claiming one route is an error naming both files. */
export function assignRoutes(docs: SourceDoc[]): Map<string, string> {
  const owner = new Map<string, SourceDoc>();
  const errors: BuildError[] = [];
  for (const doc of docs) {
    const other = owner.get(doc.route.toLowerCase());
    if (other) {
      errors.push(
        new BuildError(
          doc.relPath,
          1,
          `duplicate route ${doc.route}: ${other.relPath} has it too`,
          'give one of the two pages another `slug` in its frontmatter, or rename the file',
        ),
      );
    } else owner.set(doc.route.toLowerCase(), doc);
  }
  throwIfErrors({ errors, warnings: [] } satisfies Diagnostics);
  return new Map(docs.map((doc) => [doc.file, doc.route]));
}

/**
 * A Docusaurus site whose home is a React page (src/pages) has no doc at `/`, nor maybe at its
 * docs root: both lead to the first doc of the first sidebar.
 */
function entryRedirects(routes: Set<string>, routeBasePath: string, first: string | undefined): Record<string, string> {
  if (!first) return {};
  const redirects: Record<string, string> = {};
  const base = normaliseRoute(routeBasePath);
  if (!routes.has(base)) redirects[base] = first;
  if (!routes.has('/')) redirects['/'] = routes.has(base) ? base : first;
  return redirects;
}

/** A page given a `slug` also answers at its file path, as the old site redirected it. */
function legacyRedirects(docs: SourceDoc[], routeBasePath: string): Record<string, string> {
  const redirects: Record<string, string> = {};
  const routes = new Set(docs.map((doc) => doc.route));
  for (const doc of docs) {
    const filePath = normaliseRoute(`${routeBasePath}/${doc.docPath.replace(/\.mdx?$/, '')}`.replace(/\/index$/, ''));
    if (filePath !== doc.route && !routes.has(filePath)) redirects[filePath] = doc.route;
  }
  return redirects;
}

function toPageData(entry: CompiledDoc, sidebars: ResolvedSidebars, lastModified: string | undefined): PageData {
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
  };
  if (doc.className) page.className = doc.className;
  if (doc.unlisted) page.unlisted = true;
  if (lastModified) page.lastModified = lastModified;
  const sidebar = sidebars.sidebarOfDoc.get(doc.id);
  if (sidebar) page.sidebar = sidebar;
  const previous = sidebars.previous.get(doc.id);
  const next = sidebars.next.get(doc.id);
  if (previous) page.previous = previous;
  if (next) page.next = next;
  return page;
}

function hashBuild(content: unknown, files: Uint8Array[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(content));
  for (const file of files) hash.update(file);
  return hash.digest('hex').slice(0, 12);
}
