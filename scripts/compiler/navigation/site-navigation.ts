// Step "navigation": where every doc answers, the navbar, the docs versions, the generated category
// pages and the redirects (doc ids, versions, `_redirects`), resolved into the site as pages see it.

import { siteConfigSchema, type SiteConfig } from '../../../client/contract/site-config.ts';
import { BuildError, type Diagnostics } from '../errors.ts';
import { firstPage, resolveNavbar, type NavbarVersion } from '../config/navbar.ts';
import type { LoadedSiteConfig } from '../config/resolve-config.ts';
import { readRedirects } from '../sources/redirects-file.ts';
import type { DocSources } from '../sources/read-sources.ts';
import { alternateRoutes, docsVersion, type VersionDocs } from '../sources/version-docs.ts';
import type { CustomPageSource } from '../pages/discover-pages.ts';
import { addCustomPageRoutes } from '../pages/page-routes.ts';
import { assignRoutes, docRedirects } from './doc-routes.ts';
import { clientRedirects } from './client-redirects.ts';
import { listingPageCount } from './sidebar-listings.ts';
import { listingPageRoute } from '../../../client/contract/sidebar.ts';
import { instanceTag } from '../../../client/contract/search-protocol.ts';
import { planRedirects, routesReplaced, type RedirectPlan } from './redirect-plan.ts';

export interface SiteNavigation {
  /** The site's configuration with its navbar and docs versions resolved. */
  site: SiteConfig;
  /** Absolute source file → route. */
  routeOfFile: Map<string, string>;
  /** Every route a page answers at: docs, generated category pages and custom pages. */
  routes: Set<string>;
  /** Plain redirects, from → to: doc ids, versions' first pages and `_redirects`' exact rules. */
  redirects: Record<string, string>;
  redirectPlan: RedirectPlan;
  /** Pages a forced `_redirects` rule stands in for: built, but offered nowhere. */
  replaced: Set<string>;
  /** The same doc in the other versions, by route. */
  alternates: Map<string, Record<string, string>>;
}

export function resolveNavigation(
  staticDir: string,
  config: LoadedSiteConfig,
  { versions, instances, lastDocs, docs }: DocSources,
  diagnostics: Diagnostics,
  /** The pages of `src/pages/`: their routes are the site's too, and a home page there keeps `/`. */
  customPages: CustomPageSource[] = [],
): SiteNavigation {
  const routeOfFile = assignRoutes(docs);
  const routes = new Set(routeOfFile.values());
  addCustomPageRoutes(customPages, routes, routeOfFile, config.site.docs.routeBasePath);
  // Navbar items may name a doc or a sidebar: the last version's, and their counterparts in the others.
  const navbarSet = ({ version, docs: setDocs, sidebars }: VersionDocs): NavbarVersion => ({
    name: version.name,
    isLast: version.isLast,
    sidebarPrefix: version.sidebarPrefix,
    docs: setDocs,
    sidebars: sidebars.sidebars,
  });
  const navbarItems = resolveNavbar(
    config.navbar,
    versions.map(navbarSet),
    config.configFile,
    new Map(instances.map((loaded) => [loaded.version.pluginId!, navbarSet(loaded)])),
  );
  for (const { sidebars } of [...versions, ...instances]) {
    diagnostics.warnings.push(...sidebars.warnings);
    for (const index of sidebars.generatedIndexes) {
      if (routes.has(index.route)) {
        throw new BuildError(
          index.source,
          undefined,
          `the page generated for category "${index.title}" would have the route ${index.route}, which another page has`,
          'give the category link a `slug` of its own, e.g. { "type": "generated-index", "slug": "/category/other" }',
        );
      }
      routes.add(index.route);
    }
    // Their routes were chosen free of the docs' and the generated pages' (sidebar-listings.ts).
    for (const listing of sidebars.listings) {
      for (let page = 1; page <= listingPageCount(listing); page++) routes.add(listingPageRoute(listing.route, page));
    }
  }
  const site: SiteConfig = {
    ...config.site,
    navbar: { ...config.site.navbar, items: navbarItems },
    docs: {
      ...config.site.docs,
      versions: versions.map((loaded) => docsVersion(loaded, routes)),
      lastVersion: lastDocs.version.name,
      ...(instances.length > 0 && { instanceTags: instances.map((loaded) => instanceTag(loaded.version.pluginId!)) }),
    },
  };
  checkResolvedSite(site, config.configFile);
  const parsedRedirects = readRedirects(staticDir);
  const redirectPlan = planRedirects(parsedRedirects.rules, routes, staticDir);
  diagnostics.warnings.push(...parsedRedirects.warnings, ...redirectPlan.warnings);
  // plugin-client-redirects' redirects, behind `_redirects`' own rules for the same path.
  const fromPlugin = clientRedirects(config.docusaurusConfig, routes, config.configFile);
  diagnostics.warnings.push(...fromPlugin.warnings);
  for (const [from, rule] of fromPlugin.exact) if (!redirectPlan.exact.has(from)) redirectPlan.exact.set(from, rule);
  const redirects = {
    ...docRedirects(routes, site.docs, versions, firstPage(Object.values(lastDocs.sidebars.sidebars)[0] ?? [])?.href),
    // Links to an old path that `_redirects` moves are not broken.
    ...Object.fromEntries([...redirectPlan.exact].map(([from, rule]) => [from, rule.to])),
  };
  return {
    site,
    routeOfFile,
    routes,
    redirects,
    redirectPlan,
    replaced: routesReplaced(redirectPlan, routes),
    alternates: alternateRoutes(versions),
  };
}

/**
 * The site as resolved must be what the contract declares, since the worker and the browser read
 * it as such: each source was checked on its own, and this checks what their merge made.
 */
function checkResolvedSite(site: SiteConfig, configFile: string): void {
  const checked = siteConfigSchema.safeParse(site);
  if (checked.success) return;
  const [issue] = checked.error.issues;
  throw new BuildError(
    configFile,
    undefined,
    `the configuration resolved to a site the worker cannot read: ${issue?.path.join('.')}: ${issue?.message}`,
    'this is a bug of the engine, not of your site: report it with the configuration that shows it',
  );
}
