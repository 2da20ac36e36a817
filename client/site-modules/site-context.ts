// The site as a site component sees it through `@docusaurus/useDocusaurusContext`. The build
// defines the constant from the site's config, in the bundle that renders pages at build time
// and in the browser bundle of the islands, so both renders read the same values.

export interface DocusaurusContext {
  siteConfig: Record<string, unknown> & { title: string; url: string; baseUrl: string };
  i18n: { defaultLocale: string; currentLocale: string; locales: string[] };
  /** The global data of the site's own plugins, when they set any. */
  globalData?: Record<string, Record<string, unknown>>;
}

declare const __SELF_DOCS_PAGE_CONTEXT__: DocusaurusContext;

export function siteContext(): DocusaurusContext {
  return __SELF_DOCS_PAGE_CONTEXT__;
}
