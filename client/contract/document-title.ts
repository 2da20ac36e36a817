// The title of a document, alike when the server renders it and when client-side navigation
// changes it. A module of its own, so the navigation chunk that uses it carries it and the first
// load does not.

import type { PageData } from './page.ts';
import type { SiteConfig } from './site-config.ts';

/**
 * `<page title> | <site title>` (the site's `titleDelimiter`); the home page's own title stands
 * alone, and so does a title the page's `<Head>` sets.
 */
export function documentTitle(
  page: Pick<PageData, 'title' | 'route' | 'head'> | null,
  site: Pick<SiteConfig, 'title' | 'titleDelimiter'>,
  fallback?: string,
): string {
  const joined = (title: string) => `${title} ${site.titleDelimiter} ${site.title}`;
  if (!page) return fallback ? joined(fallback) : site.title;
  if (page.head?.title) return page.head.title;
  return page.route === '/' ? page.title : joined(page.title);
}
