// What crosses between the build and its compile threads. Only structured-cloneable data goes
// over: the link context's routes and what only pages running code read are put in shared memory
// once (shared-lookup.ts) instead of copied into every thread, its function stays behind, and build
// errors travel as their four fields (a cloned Error would arrive as a plain Error without file,
// line and fix).

import { relative } from 'node:path';
import type { BatchEntry, CompiledPage } from './batch.ts';
import { BuildError, newDiagnostics, type Diagnostics } from '../errors.ts';
import type { LinkContext } from './link-context.ts';
import { sitePluginsData } from './markdown/site-plugins.ts';
import { lazyJson, SharedLookup, sharedJson, type FileRoutes, type RouteSet } from './shared-lookup.ts';
import type { DocCardData } from '../navigation/doc-cards.ts';

/** What a batch leaves behind besides its pages, in either thread. */
export interface BatchResult {
  pages: CompiledPage[];
  /** Pages that failed to compile or render. */
  errors: BuildError[];
  /** Link and image problems of the batch's pages. */
  diagnostics: Diagnostics;
  /** Images the batch's pages reference: absolute path → public URL. */
  media: [string, string][];
}

/**
 * The link context without what cannot be cloned; media and diagnostics start empty per batch, and
 * the category cards come with the batches of their pages (`BatchCards`).
 */
export interface LinkContextData {
  siteDir: string;
  staticDir: string;
  docsDir: string;
  /** `SharedLookup`s: the threads share one copy. */
  routeOfFile: SharedArrayBuffer;
  routes: SharedArrayBuffer;
  redirects: Record<string, string>;
  onBrokenLinks: LinkContext['onBrokenLinks'];
  onBrokenMarkdownLinks: LinkContext['onBrokenMarkdownLinks'];
  markdown?: LinkContext['markdown'];
  pageContext: LinkContext['pageContext'];
  /** `sharedJson`s, parsed by a thread when a page first asks. */
  docsData?: SharedArrayBuffer;
  compileCache?: LinkContext['compileCache'];
  /** Each plugin by the module it is required from (its function stays behind). */
  sitePlugins?: LinkContext['sitePlugins'];
  docPlaces?: SharedArrayBuffer;
  siteMdxComponents?: LinkContext['siteMdxComponents'];
  themedElements?: LinkContext['themedElements'];
}

export interface ProblemData {
  file: string;
  line: number | undefined;
  problem: string;
  fix: string;
}

/** `request` numbers each compile a thread is asked for; its reply carries the same number. */
export type ThreadRequest =
  /** What the batches after it compile with (a thread starts before the docs are read). */
  | { type: 'context'; context: LinkContextData }
  | { type: 'compile'; request: number; entries: BatchEntry[]; cards?: BatchCards }
  | { type: 'close' };

/** The category cards of a batch's pages that have some, by route (LinkContext.docCards). */
export type BatchCards = Record<string, DocCardData[]>;

export type ThreadReply =
  | {
      type: 'compiled';
      request: number;
      pages: CompiledPage[];
      errors: ProblemData[];
      warnings: ProblemData[];
      linkErrors: ProblemData[];
      media: [string, string][];
      /** Every language the thread's highlighter has loaded on demand so far (highlighter.ts). */
      languages: string[];
      /** Whether the batch's site code read the docs' global data (build-page-globals.ts). */
      readDocsData: boolean;
    }
  | { type: 'crashed'; request: number; stack: string };

/** The tables made for each routes object, so a context sent again (the next version's, the blogs') reuses them. */
const tables = new WeakMap<object, SharedLookup>();

function sharedTable(lookup: RouteSet | FileRoutes, entries: () => Iterable<readonly [string, string?]>): SharedLookup {
  if (lookup instanceof SharedLookup) return lookup;
  let table = tables.get(lookup);
  if (!table) tables.set(lookup, (table = SharedLookup.of(entries())));
  return table;
}

const jsons = new WeakMap<object, SharedArrayBuffer>();

function sharedOnce(value: object): SharedArrayBuffer {
  let buffer = jsons.get(value);
  if (!buffer) jsons.set(value, (buffer = sharedJson(value)));
  return buffer;
}

export function linkContextData(context: LinkContext): LinkContextData {
  const { routes, routeOfFile } = context;
  return {
    siteDir: context.siteDir,
    staticDir: context.staticDir,
    docsDir: context.docsDir,
    routeOfFile: sharedTable(routeOfFile, () => routeOfFile as Map<string, string>).buffer,
    routes: sharedTable(routes, () => [...(routes as Set<string>)].map((route) => [route] as const)).buffer,
    redirects: context.redirects,
    onBrokenLinks: context.onBrokenLinks,
    onBrokenMarkdownLinks: context.onBrokenMarkdownLinks,
    ...(context.markdown ? { markdown: context.markdown } : {}),
    pageContext: context.pageContext,
    ...(context.docsData ? { docsData: sharedOnce(context.docsData()) } : {}),
    ...(context.compileCache ? { compileCache: context.compileCache } : {}),
    ...(context.sitePlugins ? { sitePlugins: sitePluginsData(context.sitePlugins) } : {}),
    ...(context.docPlaces ? { docPlaces: sharedOnce(context.docPlaces()) } : {}),
    ...(context.siteMdxComponents ? { siteMdxComponents: context.siteMdxComponents } : {}),
    ...(context.themedElements ? { themedElements: context.themedElements } : {}),
  };
}

/** The context a thread compiles with; messages name files relative to the site, as the build's do. */
export function linkContextFrom(data: LinkContextData): LinkContext {
  const { docsData, docPlaces, ...rest } = data;
  return {
    ...rest,
    routeOfFile: new SharedLookup(data.routeOfFile),
    routes: new SharedLookup(data.routes),
    ...(docsData ? { docsData: lazyJson(docsData) } : {}),
    ...(docPlaces ? { docPlaces: lazyJson(docPlaces) } : {}),
    media: new Map(),
    diagnostics: newDiagnostics(),
    relPathOf: (file) => relative(data.siteDir, file),
  };
}

/** The cards of `entries`' pages, from the context's (undefined when none has any). */
export function batchCards(context: LinkContext, entries: BatchEntry[]): BatchCards | undefined {
  const cards: BatchCards = {};
  let any = false;
  for (const { doc } of entries) {
    const found = context.docCards?.[doc.route];
    if (!found) continue;
    cards[doc.route] = found;
    any = true;
  }
  return any ? cards : undefined;
}

export function problemData(error: BuildError): ProblemData {
  return { file: error.file, line: error.line, problem: error.problem, fix: error.fix };
}

export function buildErrorFrom(data: ProblemData): BuildError {
  return new BuildError(data.file, data.line, data.problem, data.fix);
}
