// JSON-LD for search engines (schema.org): each doc page is a TechArticle with its breadcrumb
// trail; the home page also describes the site and how to search it. Built from the same data
// the page renders, so the two cannot disagree.

import type { PageData } from '../../client/contract/page.ts';
import type { SiteConfig } from '../../client/contract/site-config.ts';
import { pageHref } from '../../client/contract/urls.ts';

export type JsonLd = Record<string, unknown>;

export interface StructuredDataInput {
  site: Pick<SiteConfig, 'title' | 'tagline' | 'url' | 'trailingSlash'>;
  page: PageData;
  /** Absolute URL of the page (its canonical link). */
  canonical: string;
}

export function structuredData({ site, page, canonical }: StructuredDataInput): JsonLd[] {
  const article: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'TechArticle',
    headline: page.title,
    description: page.description || site.tagline,
    url: canonical,
    inLanguage: 'en',
  };
  if (page.lastModified) article.dateModified = page.lastModified;
  const blocks = [article];
  if (page.breadcrumbs.length > 0) blocks.push(breadcrumbList(page, site, canonical));
  if (page.route === '/') blocks.push(webSite(site));
  return blocks;
}

/** The trail as the page shows it; the last crumb is the page itself, at its canonical URL. */
function breadcrumbList(page: PageData, site: StructuredDataInput['site'], canonical: string): JsonLd {
  const last = page.breadcrumbs.length - 1;
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: page.breadcrumbs.map((crumb, index) => {
      const href = crumb.href
        ? new URL(pageHref(crumb.href, site.trailingSlash), site.url).href
        : index === last
          ? canonical
          : undefined;
      return { '@type': 'ListItem', position: index + 1, name: crumb.label, ...(href ? { item: href } : {}) };
    }),
  };
}

/** Lets search engines offer a search box for the site, answered by the search page. */
function webSite(site: StructuredDataInput['site']): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.title,
    description: site.tagline,
    url: new URL('/', site.url).href,
    inLanguage: 'en',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${new URL('/search', site.url).href}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
