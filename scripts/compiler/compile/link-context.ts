// What compiling a page needs to know of its site: where its files are, every route (for links),
// the link policies, where it reports problems, and the compile cache. Shared by every compile
// step and by the compile threads; it imports no step, so no step imports another through it.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { MarkdownDialect } from '../../../client/contract/site-config.ts';
import type { Diagnostics } from '../errors.ts';
import type { DocsGlobalData } from '../../../client/contract/docs-global-data.ts';
import type { PageContext } from './page-context.ts';
import type { SitePluginLists } from './markdown/site-plugins.ts';
import type { DocCardData } from '../navigation/doc-cards.ts';
import type { DocPlaces } from './doc-context.ts';
import type { FileRoutes, RouteSet } from './shared-lookup.ts';

export interface LinkContext {
  siteDir: string;
  staticDir: string;
  /** The docs folder, absolute: `.md` links also resolve from it, as in Docusaurus. */
  docsDir: string;
  /** Absolute source file → route, for relative `.md` links (shared-lookup.ts in a compile thread). */
  routeOfFile: FileRoutes;
  routes: RouteSet;
  redirects: Record<string, string>;
  /** Files referenced by pages, absolute path → public URL; filled while compiling. */
  media: Map<string, string>;
  onBrokenLinks: 'throw' | 'warn' | 'ignore';
  onBrokenMarkdownLinks: 'throw' | 'warn' | 'ignore';
  diagnostics: Diagnostics;
  relPathOf: (file: string) => string;
  /** How pages are read; Docusaurus's defaults when absent. */
  markdown?: MarkdownDialect;
  /** The site as pages see it at build time (`useDocusaurusContext()`, `useBaseUrl()`). */
  pageContext: PageContext;
  /**
   * The docs plugin's global data, for the site code a page runs (`useGlobalData()`, the docs
   * hooks); made or read on first use, as few pages run code.
   */
  docsData?: () => DocsGlobalData;
  /** The site's own remark and rehype plugins for these pages (config `markdownPlugins`); none when absent. */
  sitePlugins?: SitePluginLists;
  /**
   * The cards of each sidebar category with a page of its own, by that page's route: what
   * `<DocCardList />` lists in it (page-modules/doc-cards.ts). A compile thread gets those of its
   * batch's pages only.
   */
  docCards?: Record<string, DocCardData[]>;
  /**
   * Where the version's docs are (their sidebars, previous and next), for `useDoc()` and the
   * sidebar hooks; made or read on first use.
   */
  docPlaces?: () => DocPlaces;
  /** The site's `src/theme/MDXComponents`, absolute, when it bundles (site-mdx-components.ts). */
  siteMdxComponents?: string;
  /** The elements the site renders with its own components (themed-elements.ts); none when absent. */
  themedElements?: string[];
  /** Pages compiled by an earlier build in this same context (cache.ts); none when absent. */
  compileCache?: CompileCacheRef;
}

/** Where the cache lives and the hash of the context every key of this build starts from. */
export interface CompileCacheRef {
  dir: string;
  salt: string;
}

/** `make`'s value, made on first use (and once): what few pages read. */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** The public URL of a local image: its name and a hash of its bytes. */
export function mediaUrl(file: string): string {
  const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 10);
  return `/assets/media/${basename(file, extname(file))}-${hash}${extname(file)}`;
}
