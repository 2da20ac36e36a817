// `@docusaurus/useBaseUrl`, evaluated at build time: the URL becomes a string in the page's tree.
// The same function site components get in the browser.

export {
  default,
  withBaseUrl,
  useBaseUrlUtils,
  type BaseUrlOptions,
} from '../../../../client/site-modules/use-base-url.ts';
