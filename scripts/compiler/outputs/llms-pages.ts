// The pages the llms files describe: the docs readers land on (the last version, and the docs
// plugin instances beside it), the Markdown pages and the blog posts.

import type { SiteConfig } from '../../../client/contract/site-config.ts';
import { isMarkdownCustomPage } from '../pages/discover-pages.ts';
import type { PageSummary } from '../types.ts';

export function llmsPages(site: Pick<SiteConfig, 'docs'>, built: PageSummary[]): PageSummary[] {
  return built.filter(
    (page) =>
      page.version === site.docs.lastVersion ||
      page.docsPluginId !== undefined ||
      isMarkdownCustomPage(page) ||
      page.blog?.kind === 'post',
  );
}

/** What the llms files read of a page (llmsPages, llmsRecord): the same for two pages, the same files. */
export function llmsFacts(page: PageSummary | undefined): string {
  if (!page) return '';
  const { route, title, description, unlisted, blog, version, docsPluginId, layout } = page;
  return JSON.stringify([route, title, description, unlisted, blog, version, docsPluginId, layout]);
}
