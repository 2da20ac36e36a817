// `@docusaurus/useBaseUrl`: the site is served from its origin's root, so the base URL is `/`.
// Pages evaluated at build time use it too (scripts/compiler/compile/page-modules/use-base-url.ts).

import { siteContext } from './site-context.ts';

export interface BaseUrlOptions {
  /** A full URL on the site's configured `url`. */
  absolute?: boolean;
  forcePrependBaseUrl?: boolean;
}

const external = /^([a-z][a-z\d+.-]*:|\/\/)/i;

export function withBaseUrl(url: string, options: BaseUrlOptions = {}): string {
  if (!url || url.startsWith('#') || external.test(url)) return url;
  const path = `/${url.replace(/^\/+/, '')}`;
  return options.absolute ? `${siteContext().siteConfig.url.replace(/\/+$/, '')}${path}` : path;
}

export default function useBaseUrl(url: string, options?: BaseUrlOptions): string {
  return withBaseUrl(url, options);
}

export function useBaseUrlUtils() {
  return { withBaseUrl };
}
