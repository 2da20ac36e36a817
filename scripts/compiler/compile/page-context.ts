// What a page sees of its site when it is evaluated at build time: `useDocusaurusContext()` and
// `useBaseUrl()` read it. It crosses into compile threads and into each page's bundle as JSON.

import type { SiteConfig } from '../../../client/contract/site-config.ts';

export interface PageContext {
  /** `siteConfig` as Docusaurus gives it to pages: the config's plain data, with the values this build serves. */
  siteConfig: Record<string, unknown> & { title: string; url: string; baseUrl: string };
  i18n: { defaultLocale: string; currentLocale: string; locales: string[] };
  /** The global data of the site's own plugins (config/site-plugin-data.ts), when they set any. */
  globalData?: Record<string, Record<string, unknown>>;
}

/**
 * The site as pages see it. `docusaurusConfig` is the loaded Docusaurus config (stand-ins already
 * taken out); functions and other values JSON cannot carry are left out. The base URL is always
 * `/`: this site is served from its origin's root, whatever the Docusaurus config says.
 * `globalData` is what the site's own plugins set (JSON, as Docusaurus serialises it).
 */
export function pageContext(
  site: SiteConfig,
  docusaurusConfig?: unknown,
  globalData?: Record<string, Record<string, unknown>>,
): PageContext {
  const plain = jsonData(docusaurusConfig);
  const i18n = isRecord(plain.i18n) ? plain.i18n : {};
  const locale = typeof i18n.defaultLocale === 'string' ? i18n.defaultLocale : 'en';
  return {
    siteConfig: {
      ...plain,
      customFields: isRecord(plain.customFields) ? plain.customFields : {},
      title: site.title,
      tagline: site.tagline,
      url: site.url,
      favicon: site.favicon,
      baseUrl: '/',
      // Undefined serves as false does here: one spelling, without the slash.
      trailingSlash: site.trailingSlash ?? false,
    },
    i18n: { defaultLocale: locale, currentLocale: locale, locales: [locale] },
    ...(globalData ? { globalData: jsonData(globalData) as Record<string, Record<string, unknown>> } : {}),
  };
}

function jsonData(value: unknown): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(JSON.stringify(value ?? {}));
    return isRecord(data) ? data : {};
  } catch {
    // A config with a cycle cannot be written as JSON: pages get the values above only.
    return {};
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
