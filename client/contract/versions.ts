// Docs versions, alike for the server and the browser: which one the reader is in, and where each
// version's counterpart of the page is (the reader's preferred version: client/preferred-version.ts).

import { currentVersionName } from './search-protocol.ts';
import type { DocsVersion, NavbarLink, SiteConfig } from './site-config.ts';
import type { PageData } from './page.ts';

// Older format (a site without `docs.versions`): goes once every kept build records `formats` (contract/storage.ts).
/**
 * The site's versions. A build made before versions existed (kept for a rollback) names none: it
 * has the one, current docs at its routeBasePath.
 */
export function docsVersions(site: SiteConfig): DocsVersion[] {
  const { versions, versionLabel, routeBasePath } = site.docs as Partial<SiteConfig['docs']> & SiteConfig['docs'];
  return (
    versions ?? [
      { name: currentVersionName, label: versionLabel, path: routeBasePath, firstPage: routeBasePath, banner: 'none' },
    ]
  );
}

export function findVersion(site: SiteConfig, name: string | null | undefined): DocsVersion | undefined {
  return docsVersions(site).find((version) => version.name === name);
}

/** The version readers land on. */
export function latestVersion(site: SiteConfig): DocsVersion | undefined {
  return findVersion(site, (site.docs as Partial<SiteConfig['docs']>).lastVersion ?? currentVersionName);
}

/** The version shown: the page's own, else the reader's preferred one, else the last version. */
export function activeVersion(
  site: SiteConfig,
  page: Pick<PageData, 'version'> | null,
  preferred: string | null,
): DocsVersion | undefined {
  return findVersion(site, page?.version) ?? findVersion(site, preferred) ?? latestVersion(site);
}

/** Where a version's entry leads from this page: the same doc there, else the version's first page. */
export function versionHref(
  version: DocsVersion,
  page: Pick<PageData, 'route' | 'version' | 'versions'> | null,
): string {
  if (page?.version === version.name) return page.route;
  return page?.versions?.[version.name] ?? version.firstPage;
}

/** Where a navbar item leads from this page: a doc or sidebar item stays in the version being read. */
export function navbarHref(item: NavbarLink, page: Pick<PageData, 'version'> | null): string {
  return (page?.version ? item.byVersion?.[page.version] : undefined) ?? item.href;
}
