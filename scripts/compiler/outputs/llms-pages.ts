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
