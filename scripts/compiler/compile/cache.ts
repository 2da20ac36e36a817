// Compiled pages kept between builds, one file per page, named by a hash of everything its output
// depends on: the page's source and metadata, the link context (every route, redirect and link
// policy, the static files links may point at, the site as pages see it) and the compiler itself
// (the build's code, the installed packages, Node). A redeploy that changed one page compiles that
// page only. Only pages built straight from their hast are kept (no imports, so no other file),
// and only those that compiled without a problem: a warning or error comes again on every build.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import type { TocItem, TreeNode } from '../../../client/contract/page.ts';
import type { SourceDoc } from '../sources/discover.ts';
import { BuildError } from '../errors.ts';
import { mediaUrl, type CompileCacheRef, type LinkContext } from './link-context.ts';
import { sitePluginsFingerprint } from './markdown/site-plugins.ts';

export interface CachedPage {
  tree: TreeNode[];
  toc: TocItem[];
  /** The page's local images, absolute path → URL: checked against the files when read back. */
  media: [string, string][];
}

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The compiler's own inputs: its code (build and shared client code), the installed packages and Node. */
function compilerFingerprint(): string {
  const hash = createHash('sha256').update(process.version);
  for (const folder of ['scripts/compiler', 'client']) {
    const files = readdirSync(join(projectRoot, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(relative(projectRoot, file)).update('\0').update(readFileSync(file));
  }
  const lock = join(projectRoot, 'package-lock.json');
  if (existsSync(lock)) hash.update(readFileSync(lock));
  return hash.digest('hex');
}

let compiler: string | undefined;

/** The link context as the build's own thread holds it: its routes in a Map and a Set. */
export type BuildLinkContext = LinkContext & {
  routeOfFile: ReadonlyMap<string, string>;
  routes: ReadonlySet<string>;
};

/** Opens (creating) the cache folder for pages compiled with `context`. */
export async function compileCacheFor(dir: string, context: BuildLinkContext): Promise<CompileCacheRef> {
  compiler ??= compilerFingerprint();
  await mkdir(dir, { recursive: true });
  // A link to a static file is checked by its existence: the names there are part of the context.
  const staticFiles = existsSync(context.staticDir)
    ? (await readdir(context.staticDir, { recursive: true })).sort()
    : [];
  const inputs = {
    compiler,
    siteDir: context.siteDir,
    staticDir: context.staticDir,
    docsDir: context.docsDir,
    routeOfFile: [...context.routeOfFile].sort(),
    routes: [...context.routes].sort(),
    redirects: context.redirects,
    onBrokenLinks: context.onBrokenLinks,
    onBrokenMarkdownLinks: context.onBrokenMarkdownLinks,
    markdown: context.markdown ?? null,
    sitePlugins: sitePluginsFingerprint(context.sitePlugins),
    pageContext: context.pageContext,
    staticFiles,
    // Which elements go through the page's code: a swizzled Admonition changes every :::note.
    ...(context.themedElements ? { themedElements: context.themedElements } : {}),
  };
  return { dir, salt: createHash('sha256').update(JSON.stringify(inputs)).digest('hex') };
}

/**
 * Each doc's entry name, as last worked out: a page compiled cold is looked up, then written.
 * A doc whose source was released since (compile-pages.ts) is named anew.
 */
const names = new WeakMap<SourceDoc, { salt: string; raw: string; name: string }>();

export function entryName(cache: CompileCacheRef, doc: SourceDoc): string {
  const known = names.get(doc);
  if (known?.salt === cache.salt && known.raw === doc.raw) return known.name;
  const name = `${createHash('sha256').update(cache.salt).update(JSON.stringify(doc)).digest('hex')}.json`;
  names.set(doc, { salt: cache.salt, raw: doc.raw, name });
  return name;
}

/** The page as last compiled in the same context, or undefined (never kept, or an image changed since). */
export function readCachedPage(cache: CompileCacheRef, doc: SourceDoc): CachedPage | undefined {
  let text: string;
  try {
    text = readFileSync(join(cache.dir, entryName(cache, doc)), 'utf8');
  } catch {
    return undefined;
  }
  const page = JSON.parse(text) as CachedPage;
  // An image's URL carries a hash of its bytes: an image edited since makes the page stale.
  const imagesUnchanged = page.media.every(([file, url]) => existsSync(file) && mediaUrl(file) === url);
  return imagesUnchanged ? page : undefined;
}

/** Keeps the page for the next build; a page that cannot be kept is only a warning (it compiles again). */
export function writeCachedPage(cache: CompileCacheRef, doc: SourceDoc, page: CachedPage): BuildError | undefined {
  const file = join(cache.dir, entryName(cache, doc));
  // Written aside and renamed: two builds of one site never see half a file.
  const aside = `${file}.${process.pid}-${threadId}`;
  try {
    writeFileSync(aside, JSON.stringify(page));
    renameSync(aside, file);
    return undefined;
  } catch (error) {
    return cacheProblem(doc.relPath, cache.dir, error);
  }
}

export function cacheProblem(file: string, dir: string, error: unknown): BuildError {
  const reason = error instanceof Error ? error.message : String(error);
  return new BuildError(
    file,
    undefined,
    `the compile cache in ${dir} cannot be written (${reason}); pages not kept there compile again next time`,
    'make that folder writable, give another with --cache DIR, or build with --no-cache',
  );
}

/**
 * Removes every entry but those named (`entryName` of this build's docs, taken before they were
 * compiled, which empties their sources): the folder holds one build's pages.
 */
export async function pruneCompileCache(kept: { cache: CompileCacheRef; names: string[] }[]): Promise<void> {
  const dirs = new Set(kept.map(({ cache }) => cache.dir));
  const names = new Set(kept.flatMap(({ names: entries }) => entries));
  for (const dir of dirs) {
    for (const name of await readdir(dir)) if (!names.has(name)) await unlink(join(dir, name)).catch(() => undefined);
  }
}
