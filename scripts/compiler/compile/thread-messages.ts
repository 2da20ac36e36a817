// What crosses between the build and its compile threads. Only structured-cloneable data goes
// over: the link context loses its Sets, Maps and function, and build errors travel as their
// four fields (a cloned Error would arrive as a plain Error without file, line and fix).

import { relative } from 'node:path';
import type { BatchEntry, CompiledPage } from './batch.ts';
import { BuildError, newDiagnostics, type Diagnostics } from '../errors.ts';
import type { LinkContext } from './link-context.ts';
import { sitePluginsData } from './markdown/site-plugins.ts';

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

/** The link context without what cannot be cloned; media and diagnostics start empty per batch. */
export interface LinkContextData {
  siteDir: string;
  staticDir: string;
  docsDir: string;
  routeOfFile: [string, string][];
  routes: string[];
  redirects: Record<string, string>;
  onBrokenLinks: LinkContext['onBrokenLinks'];
  onBrokenMarkdownLinks: LinkContext['onBrokenMarkdownLinks'];
  markdown?: LinkContext['markdown'];
  pageContext: LinkContext['pageContext'];
  docsData?: LinkContext['docsData'];
  compileCache?: LinkContext['compileCache'];
  /** Each plugin by the module it is required from (its function stays behind). */
  sitePlugins?: LinkContext['sitePlugins'];
  docCards?: LinkContext['docCards'];
  docPlaces?: LinkContext['docPlaces'];
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
  | { type: 'compile'; request: number; entries: BatchEntry[] }
  | { type: 'close' };

export type ThreadReply =
  | {
      type: 'compiled';
      request: number;
      pages: CompiledPage[];
      errors: ProblemData[];
      warnings: ProblemData[];
      linkErrors: ProblemData[];
      media: [string, string][];
    }
  | { type: 'crashed'; request: number; stack: string };

export function linkContextData(context: LinkContext): LinkContextData {
  return {
    siteDir: context.siteDir,
    staticDir: context.staticDir,
    docsDir: context.docsDir,
    routeOfFile: [...context.routeOfFile],
    routes: [...context.routes],
    redirects: context.redirects,
    onBrokenLinks: context.onBrokenLinks,
    onBrokenMarkdownLinks: context.onBrokenMarkdownLinks,
    ...(context.markdown ? { markdown: context.markdown } : {}),
    pageContext: context.pageContext,
    ...(context.docsData ? { docsData: context.docsData } : {}),
    ...(context.compileCache ? { compileCache: context.compileCache } : {}),
    ...(context.sitePlugins ? { sitePlugins: sitePluginsData(context.sitePlugins) } : {}),
    ...(context.docCards ? { docCards: context.docCards } : {}),
    ...(context.docPlaces ? { docPlaces: context.docPlaces } : {}),
    ...(context.siteMdxComponents ? { siteMdxComponents: context.siteMdxComponents } : {}),
    ...(context.themedElements ? { themedElements: context.themedElements } : {}),
  };
}

/** The context a thread compiles with; messages name files relative to the site, as the build's do. */
export function linkContextFrom(data: LinkContextData): LinkContext {
  return {
    ...data,
    routeOfFile: new Map(data.routeOfFile),
    routes: new Set(data.routes),
    media: new Map(),
    diagnostics: newDiagnostics(),
    relPathOf: (file) => relative(data.siteDir, file),
  };
}

export function problemData(error: BuildError): ProblemData {
  return { file: error.file, line: error.line, problem: error.problem, fix: error.fix };
}

export function buildErrorFrom(data: ProblemData): BuildError {
  return new BuildError(data.file, data.line, data.problem, data.fix);
}
