// Small sites for the build tests: written into a temp folder from a map of files, built with
// the real pipeline (no browser bundle), and removed afterwards.

import { cp, mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { expect } from 'vitest';
import { defaultCacheDir } from '../../../scripts/cli/args.ts';
import { defaultSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';
import type { SourceDoc } from '../../../scripts/compiler/sources/discover.ts';
import { newDiagnostics, type BuildError } from '../../../scripts/compiler/errors.ts';
import type { LinkContext } from '../../../scripts/compiler/compile/link-context.ts';
import { pageContext } from '../../../scripts/compiler/compile/page-context.ts';
import { runBuild } from '../../../scripts/compiler/pipeline.ts';
import { storedBuild, type BuiltSite } from '../../support/stored-build.ts';
import { tempDir } from './temp-dirs.ts';

export type { BuiltSite };

/** Writes `files` (path relative to the site folder → text) into a fresh folder and returns it. */
export async function writeSite(files: Record<string, string>): Promise<string> {
  const siteDir = await tempDir('site');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(siteDir, path)), { recursive: true });
    await writeFile(join(siteDir, path), text);
  }
  return siteDir;
}

/**
 * A copy of a fixture site whose own `node_modules` holds `packages` (links to the repository's
 * copies): the build looks for a site's packages in the site's folders, never in the engine's.
 */
export async function siteWithPackages(fixture: string, packages: string[]): Promise<string> {
  const siteDir = await tempDir('site');
  await cp(fixture, siteDir, { recursive: true });
  for (const name of packages) {
    const link = join(siteDir, 'node_modules', name);
    await mkdir(dirname(link), { recursive: true });
    await symlink(join(process.cwd(), 'node_modules', name), link, 'dir');
  }
  return siteDir;
}

/** Builds a site folder with the real pipeline into a throwaway output folder (and `cacheDir`, when given). */
export async function buildSite(siteDir: string, outDir?: string, cacheDir?: string): Promise<BuiltSite> {
  const out = outDir ?? (await tempDir('out'));
  return storedBuild(
    await runBuild({ siteDir, outDir: out, skipClient: true, ...(cacheDir ? { cacheDir } : {}) }),
    out,
  );
}

/**
 * The SELF content with the compile cache `npm run build` keeps for it, which `npm test` fills
 * before the unit tests: the tests that build the content again take its unchanged pages from
 * there instead of compiling them a second and third time (a cached page is the page compiled,
 * byte for byte: compile/cache.test.ts).
 */
export const selfContent = { siteDir: resolve('content'), cacheDir: defaultCacheDir(resolve('content')) };

/** Builds a site as the dev server does: pages that fail become error records at their routes. */
export async function devBuildSite(siteDir: string): Promise<BuiltSite> {
  const out = await tempDir('out');
  return storedBuild(
    await runBuild({ siteDir, outDir: out, skipClient: true, tolerateBrokenPages: true, development: true }),
    out,
  );
}

/** A page with frontmatter; `lines` are the body lines (line 1 of the body is file line 5). */
export function page(title: string, ...lines: string[]): string {
  return ['---', `title: ${title}`, '---', '', ...lines, ''].join('\n');
}

export interface ExpectedError {
  file: string;
  /** The line the author should look at; omit when no line applies. */
  line?: number;
  problem: RegExp;
  fix: RegExp;
}

/** An error a reader can act on: it names the file and line in its message, says what is wrong and what to do. */
export function expectBuildError(error: BuildError, expected: ExpectedError): void {
  expect({ file: error.file, line: error.line }).toEqual({ file: expected.file, line: expected.line });
  expect(error.problem).toMatch(expected.problem);
  expect(error.fix).toMatch(expected.fix);
  const where = expected.line ? `${expected.file}:${expected.line}` : expected.file;
  expect(error.message.startsWith(`${where}: `), error.message).toBe(true);
  expect(error.message).toContain(`fix: ${error.fix}`);
}

/**
 * What compiling a site's pages needs to know, as the build gives it (compile/compile-pages.ts, compile/batch.ts),
 * for tests that compile pages without the rest of the build.
 */
export function compileContext(
  siteDir: string,
  docs: SourceDoc[],
  options: Partial<
    Pick<LinkContext, 'docsDir' | 'markdown' | 'onBrokenLinks' | 'onBrokenMarkdownLinks' | 'pageContext'>
  > = {},
): LinkContext {
  const routeOfFile = new Map(docs.map((doc) => [doc.file, doc.route]));
  return {
    siteDir,
    staticDir: join(siteDir, 'static'),
    docsDir: join(siteDir, 'docs'),
    routeOfFile,
    routes: new Set(routeOfFile.values()),
    redirects: {},
    media: new Map(),
    onBrokenLinks: 'warn',
    onBrokenMarkdownLinks: 'warn',
    pageContext: pageContext(defaultSiteConfig),
    diagnostics: newDiagnostics(),
    relPathOf: (file) => relative(siteDir, file),
    ...options,
  };
}
