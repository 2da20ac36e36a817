// The pages the llms files describe: the docs readers land on (the last version, and the docs
// plugin instances beside it), the Markdown pages and the blog posts.

import type { SiteConfig } from '../../../client/contract/site-config.ts';
import { isMarkdownCustomPage } from '../pages/discover-pages.ts';
import type { PageSummary } from './page-store.ts';

/**
 * Every field of a page the llms files read: `llmsPages` chooses pages by them and `llmsRecord` lists
 * pages with them (both take pages typed by this list, so neither can read another field), and a
 * one-page rebuild compares them (`llmsFacts`) to know whether the llms files change.
 */
export const llmsFields = [
  'route',
  'title',
  'description',
  'unlisted',
  'blog',
  'version',
  'docsPluginId',
  'layout',
] as const;
export type LlmsPage = Pick<PageSummary, (typeof llmsFields)[number]>;

export function llmsPages<Page extends LlmsPage>(site: Pick<SiteConfig, 'docs'>, built: Page[]): Page[] {
  return built.filter(
    (page) =>
      page.version === site.docs.lastVersion ||
      page.docsPluginId !== undefined ||
      isMarkdownCustomPage(page) ||
      page.blog?.kind === 'post',
  );
}

/** What the llms files read of a page: the same for two pages, the same files. */
export function llmsFacts(page: LlmsPage | undefined): string {
  return page ? JSON.stringify(llmsFields.map((field) => page[field])) : '';
}
