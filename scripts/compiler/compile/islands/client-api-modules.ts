// The rest of Docusaurus's client API as a site component imports it (plugin.ts adds these to its
// own): import path → its React version under client/site-modules/, the same in the build's render
// and in the browser.

export const clientApiSiteModules: Record<string, string> = {
  '@docusaurus/Head': 'head.tsx',
  '@docusaurus/Redirect': 'redirect.tsx',
  '@docusaurus/Interpolate': 'interpolate.tsx',
  '@docusaurus/Translate': 'translate.tsx',
  '@docusaurus/ErrorBoundary': 'error-boundary.tsx',
  '@docusaurus/constants': 'constants.ts',
  '@docusaurus/router': 'router.tsx',
  '@docusaurus/useRouteContext': 'use-route-context.ts',
  '@docusaurus/useBrokenLinks': 'use-broken-links.ts',
  '@docusaurus/useGlobalData': 'global-data.ts',
  '@docusaurus/plugin-content-docs/client': 'docs-client.ts',
  '@docusaurus/theme-common/internal': 'theme-common-internal.ts',
  '@docusaurus/isInternalUrl': 'is-internal-url.ts',
};
