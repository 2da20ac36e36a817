// Generated sites of one sidebar shape (scripts/bench/corpus-shapes.ts), built and read back, and
// their pages' HTML as the worker sends it: what the sidebar-shape tests walk as a reader without
// JavaScript would.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import { generateCorpus } from '../../../scripts/bench/corpus.ts';
import type { CorpusShape } from '../../../scripts/bench/corpus-shapes.ts';
import { runBuild } from '../../../scripts/compiler/pipeline.ts';
import type { PageSummary } from '../../../scripts/compiler/types.ts';
import { servedHtml } from './served-html.ts';
import { viewOfSidebar } from '../../../worker/render/sidebar-view.ts';
import { storedBuild, type BuiltSite } from '../../support/stored-build.ts';

export type ShapeSite = BuiltSite & { summaries: PageSummary[]; root: string };

/** A generated site of `pages` pages whose big sidebar has `shape`, built and read back. */
export async function builtShape(shape: CorpusShape, pages: number): Promise<ShapeSite> {
  const root = await mkdtemp(join(tmpdir(), `self-docs-shape-${shape}-`));
  // Short pages: what is measured here is the navigation, not the articles.
  await generateCorpus(join(root, 'site'), { pages, shape, meanPageBytes: 1200 });
  const outDir = join(root, 'out');
  // Compiled in this thread, as a small site is: on compile threads (a site of 200 pages or more)
  // each thread's start and cold code cost more CPU than they save where other test files keep the
  // cores busy, and a page compiles the same on either (compile-threads-site.test.ts).
  const threads = process.env.SELF_BUILD_THREADS;
  process.env.SELF_BUILD_THREADS = '0';
  try {
    const result = await runBuild({ siteDir: join(root, 'site'), outDir, skipClient: true });
    return { ...(await storedBuild(result, outDir)), summaries: result.pages, root };
  } finally {
    if (threads === undefined) delete process.env.SELF_BUILD_THREADS;
    else process.env.SELF_BUILD_THREADS = threads;
  }
}

/** The page's HTML as the worker sends it. */
export async function htmlOf(site: BuiltSite, route: string): Promise<string> {
  const page = site.pages.find((each) => each.route === route);
  if (!page) throw new Error(`no page at ${route}`);
  const { manifest } = site;
  const ref = page.sidebar ? manifest.sidebars[page.sidebar] : undefined;
  const sidebar =
    ref && page.sidebar ? viewOfSidebar(page.sidebar, ref, site.sidebars[page.sidebar]!, route) : undefined;
  return servedHtml(manifest, page, { theme: 'dark', sidebar });
}

export const asideOf = (html: string) => html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));
export const articleOf = (html: string) => html.slice(html.indexOf('<article'), html.indexOf('</article>'));
export const linksIn = (html: string) => [...html.matchAll(/<a [^>]*href="(\/[^"#?]*)"/g)].map((match) => match[1]!);

/** Every doc of a sidebar with its depth, in order. */
export const docsOf = (items: SidebarItem[], depth = 0): { href: string; depth: number }[] =>
  items.flatMap((item) => [
    ...(item.type === 'doc' ? [{ href: item.href, depth }] : []),
    ...(item.type === 'category' ? docsOf(item.items, depth + 1) : []),
  ]);

/** The routes a reader without JavaScript reaches from `start` by following links. */
export async function reachable(site: BuiltSite, start: string): Promise<Set<string>> {
  const routes = new Set(site.pages.map((page) => page.route));
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const route = queue.pop()!;
    for (const href of linksIn(await htmlOf(site, route))) {
      if (!routes.has(href) || seen.has(href)) continue;
      seen.add(href);
      queue.push(href);
    }
  }
  return seen;
}
