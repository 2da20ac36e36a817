// The build as a pipeline of plain steps: config → discover → routes → compile → sidebars →
// pages → client bundle → emit. Each step takes and returns data; `runBuild` wires them.

import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Manifest, PageData, SearchRecord, SidebarItem } from '../../client/model.ts';
import { kvKeys } from '../../client/model.ts';
import { bundleClient, writeClient } from './client-bundle.ts';
import { compileDocs, type CompiledDoc } from './compile.ts';
import { robotsTxt, sitemapXml } from './crawl-files.ts';
import { loadSiteConfig } from './config.ts';
import { discoverDocs, normaliseRoute, type SourceDoc } from './discover.ts';
import { BuildError, newDiagnostics, throwIfErrors, type Diagnostics } from './errors.ts';
import { lastModifiedDates } from './last-modified.ts';
import { readRedirects } from './redirects.ts';
import { buildSearchIndex } from './search-index.ts';
import { searchRecords } from './search-records.ts';
import { llmsRecord } from './llms.ts';
import { pageMarkdown } from './markdown-export.ts';
import { loadSidebars, resolveSidebars, type ResolvedSidebars } from './sidebars.ts';

export interface BuildOptions {
  siteDir: string;
  outDir: string;
  /** Skip the browser bundle (unit tests of the content steps). */
  skipClient?: boolean;
}

export interface BuildResult {
  buildId: string;
  records: SearchRecord[];
  manifest: Manifest;
  pages: PageData[];
  warnings: BuildError[];
  kvEntries: { key: string; value: string }[];
}

export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const siteDir = resolve(options.siteDir);
  const staticDir = join(siteDir, 'static');
  const diagnostics = newDiagnostics();

  const site = await loadSiteConfig(siteDir);
  const docs = await discoverDocs(siteDir, site.docs.routeBasePath);
  const routeOfFile = assignRoutes(docs);
  const routes = new Set(routeOfFile.values());
  // Sidebars need only the docs' metadata, so they come before compiling (the entry redirect uses them).
  const sidebars = resolveSidebars(await loadSidebars(siteDir), docs, siteDir);
  const redirects = {
    ...entryRedirects(routes, site.docs.routeBasePath, firstDoc(sidebars.sidebars)),
    ...legacyRedirects(docs, site.docs.routeBasePath),
    ...readRedirects(staticDir, routes, site.onBrokenLinks, diagnostics),
  };
  const media = new Map<string, string>();
  const compiled: CompiledDoc[] = [];
  const context = {
    siteDir,
    staticDir,
    routeOfFile,
    routes,
    redirects,
    media,
    onBrokenLinks: site.onBrokenLinks,
    onBrokenMarkdownLinks: site.onBrokenMarkdownLinks,
    diagnostics,
    relPathOf: (file: string) => relative(siteDir, file),
  };
  await compileDocs(docs, context, (entry, index) => {
    compiled[index] = entry;
  });
  throwIfErrors(diagnostics);
  const lastModified = await lastModifiedDates(siteDir);
  const pages = compiled.map((entry) => toPageData(entry, sidebars, lastModified.get(entry.doc.relPath)));

  const bundle = options.skipClient ? undefined : await bundleClient();
  const assets = bundle?.assets ?? { script: '/assets/main.js', modulePreloads: [], styles: [], fonts: [] };
  const buildId = hashBuild(
    { pages, site, sidebars: sidebars.sidebars, redirects },
    bundle ? [...bundle.files.values()] : [],
  );
  const manifest: Manifest = {
    buildId,
    builtAt: new Date().toISOString(),
    site,
    routes: Object.fromEntries(pages.map((page) => [page.route, { title: page.title, description: page.description }])),
    sidebars: sidebars.sidebars,
    redirects,
    assets,
  };
  const records = searchRecords(pages, sidebars.sidebars, site.url);
  const kvEntries = [
    { key: kvKeys.searchIndex(buildId), value: JSON.stringify(buildSearchIndex(records, site.url)) },
    { key: kvKeys.manifest(buildId), value: JSON.stringify(manifest) },
    ...pages.map((page) => ({ key: kvKeys.page(buildId, page.route), value: JSON.stringify(page) })),
    // Plain Markdown for `<route>.md` and the llms files; absolute links on the configured url.
    ...pages.map((page) => ({ key: kvKeys.markdown(buildId, page.route), value: pageMarkdown(page, site.url) })),
    { key: kvKeys.llms(buildId), value: JSON.stringify(llmsRecord(site, sidebars.sidebars, pages)) },
  ];

  await rm(options.outDir, { recursive: true, force: true });
  await mkdir(join(options.outDir, 'kv'), { recursive: true });
  await writeFile(join(options.outDir, 'kv', 'build.json'), JSON.stringify(kvEntries));
  await writeFile(join(options.outDir, 'kv', 'build-id'), buildId);
  await mkdir(join(options.outDir, 'search'), { recursive: true });
  await writeFile(join(options.outDir, 'search', 'records.json'), `${JSON.stringify(records, null, 1)}\n`);
  if (bundle) {
    await writeClient(options.outDir, bundle, staticDir, media);
    const listed = pages.filter((page) => !page.unlisted);
    await writeFile(join(options.outDir, 'client', 'sitemap.xml'), sitemapXml(site.url, listed));
    const robots = join(options.outDir, 'client', 'robots.txt');
    await writeFile(robots, robotsTxt(site, existsSync(robots) ? await readFile(robots, 'utf8') : undefined));
  }
  return { buildId, manifest, pages, records, warnings: diagnostics.warnings, kvEntries };
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

function firstDoc(sidebars: Record<string, SidebarItem[]>): string | undefined {
  const find = (items: SidebarItem[]): string | undefined => {
    for (const item of items) {
      if (item.type !== 'link' && item.href) return item.href;
      const inner = item.type === 'category' ? find(item.items) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  return find(Object.values(sidebars)[0] ?? []);
}

/** A page given a `slug` also answers at its file path, as the old site redirected it. */
function legacyRedirects(docs: SourceDoc[], routeBasePath: string): Record<string, string> {
  const redirects: Record<string, string> = {};
  const routes = new Set(docs.map((doc) => doc.route));
  for (const doc of docs) {
    const filePath = normaliseRoute(
      `${routeBasePath}/${doc.relPath.replace(/^docs\//, '').replace(/\.mdx?$/, '')}`.replace(/\/index$/, ''),
    );
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
