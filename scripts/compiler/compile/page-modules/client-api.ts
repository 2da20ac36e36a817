// The rest of Docusaurus's client API as a page imports it (page-imports.ts adds these to its own):
// import path → its module in this folder, evaluated with the page at build time.

export const clientApiPageModules: Record<string, string> = {
  '@docusaurus/Head': 'head.ts',
  '@docusaurus/Redirect': 'redirect.ts',
  '@docusaurus/Interpolate': 'interpolate.ts',
  '@docusaurus/Translate': 'translate.ts',
  '@docusaurus/ErrorBoundary': 'error-boundary.ts',
  '@docusaurus/constants': 'constants.ts',
  '@docusaurus/router': 'router.ts',
  '@docusaurus/useRouteContext': 'use-route-context.ts',
  '@docusaurus/useBrokenLinks': 'use-broken-links.ts',
  '@docusaurus/useGlobalData': 'global-data.ts',
  '@docusaurus/plugin-content-docs/client': 'docs-client.ts',
  '@docusaurus/theme-common': 'theme-common.ts',
  '@docusaurus/theme-common/internal': 'theme-common-internal.ts',
  '@docusaurus/isInternalUrl': 'is-internal-url.ts',
};
