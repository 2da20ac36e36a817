// The custom pages of `src/pages/` compiled through the docs' own pipeline (compile/batch.ts):
// Markdown and MDX pages as any doc, with their TOC; a React page as a one-line MDX page whose
// only element is the page component, rendered at build time as one island and hydrated in the
// browser when it is interactive. Each page is compiled on its own (there are few), so what its
// `<Layout>` said is known to be its own.

import { islandsOf } from '../../../client/contract/islands.ts';
import type { PageData } from '../../../client/contract/page.ts';
import type { SiteConfig } from '../../../client/contract/site-config.ts';
import { takeLayoutProps, type LayoutProps } from '../../../client/site-modules/layout-props.ts';
import { compileBatch } from '../compile/batch.ts';
import type { LinkContext } from '../compile/link-context.ts';
import type { BuildError } from '../errors.ts';
import type { PageStore } from '../outputs/page-store.ts';
import { pagesDirOf, type CustomPageSource } from './discover-pages.ts';

export interface CustomPagesInput {
  pages: CustomPageSource[];
  /** The docs' compile context: the same routes, link policies, images and site. */
  context: LinkContext;
  site: Pick<SiteConfig, 'title' | 'titleDelimiter'>;
  store: PageStore;
  /** The build's place of the first custom page (after every version's pages). */
  firstIndex: number;
  /** The dev server: a page that fails is stored as a broken page instead of failing the build. */
  tolerateBrokenPages?: boolean;
}

export async function compileCustomPages(input: CustomPagesInput): Promise<void> {
  const { pages, context, store } = input;
  const pageContext: LinkContext = { ...context, docsDir: pagesDirOf(context.siteDir), compileCache: undefined };
  for (const [offset, source] of pages.entries()) {
    takeLayoutProps();
    // Partials and pages live in one folder: link problems go to the build's diagnostics as the docs' do.
    const outcome = await compileBatch([{ index: 0, doc: source.doc }], pageContext);
    const layout = takeLayoutProps();
    const [compiled] = outcome.pages;
    if (!compiled) {
      await failed(input, source, outcome.errors);
      continue;
    }
    const page = customPageData(source, compiled.tree, compiled.toc, layout, input.site);
    if (compiled.head) page.head = compiled.head;
    await store.store(page, input.firstIndex + offset);
  }
}

async function failed(input: CustomPagesInput, source: CustomPageSource, problems: BuildError[]): Promise<void> {
  if (input.tolerateBrokenPages) await input.store.storeBroken(source.doc, problems, { sidebarOfDoc: new Map() });
  else input.context.diagnostics.errors.push(...problems);
}

/** The stored page: laid out on its own (no docs sidebar), titled by its front matter or its `<Layout>`. */
export function customPageData(
  source: CustomPageSource,
  tree: PageData['tree'],
  toc: PageData['toc'],
  layout: LayoutProps | undefined,
  site: Pick<SiteConfig, 'title' | 'titleDelimiter'>,
): PageData {
  const { doc } = source;
  const react = source.kind === 'react';
  const page: PageData = {
    route: doc.route,
    layout: react ? 'component' : 'page',
    title: pageTitle(doc.route, layout?.title || doc.title, site),
    description: layout?.description ?? doc.description,
    keywords: doc.keywords,
    // Docusaurus shows a custom page as written: no title above it, and a TOC only for Markdown.
    hideTitle: true,
    hideTableOfContents: react || doc.hideTableOfContents,
    tree,
    toc: react ? [] : toc,
    breadcrumbs: [],
    source: doc.relPath,
  };
  const islands = islandsOf(tree);
  if (islands.length > 0) page.islands = islands;
  const wrapperClassName = layout?.wrapperClassName ?? source.wrapperClassName;
  if (wrapperClassName) page.className = wrapperClassName;
  if (layout?.noFooter) page.noFooter = true;
  if (doc.unlisted) page.unlisted = true;
  return page;
}

/**
 * Docusaurus titles a page `<title> | <site title>`, and a page without a title by the site's
 * title alone. The home page's stored title stands alone (client/contract/document-title.ts), so
 * there it is stored joined.
 */
function pageTitle(route: string, title: string, site: Pick<SiteConfig, 'title' | 'titleDelimiter'>): string {
  if (!title) return site.title;
  return route === '/' ? `${title} ${site.titleDelimiter} ${site.title}` : title;
}
