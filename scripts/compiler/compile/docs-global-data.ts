// The docs plugin's global data for site code (client/contract/docs-global-data.ts), from the
// versions as this build serves them: each doc's id, route and sidebar, and each version's main
// doc and sidebars' first pages, as Docusaurus computes them.

import type { DocsGlobalData, GlobalDoc, GlobalVersion } from '../../../client/contract/docs-global-data.ts';
import type { SiteConfig } from '../../../client/contract/site-config.ts';
import { firstPage } from '../config/navbar.ts';
import { normaliseRoute } from '../sources/discover.ts';
import type { VersionDocs } from '../sources/version-docs.ts';

export function docsGlobalData(
  site: SiteConfig,
  versions: VersionDocs[],
  /** The docs plugin instances beside the preset's docs: one version each, at its route base. */
  instances: VersionDocs[] = [],
): DocsGlobalData {
  const data: DocsGlobalData = {
    path: normaliseRoute(site.docs.routeBasePath),
    versions: versions.map((loaded) => globalVersion(loaded, site)),
    breadcrumbs: true,
  };
  if (instances.length === 0) return data;
  const byId = instances.map((loaded): [string, DocsGlobalData] => [
    loaded.version.pluginId!,
    { path: loaded.version.path, versions: [globalVersion(loaded, site)], breadcrumbs: true },
  ]);
  return { ...data, instances: Object.fromEntries(byId) };
}

function globalVersion({ version, docs, sidebars }: VersionDocs, site: SiteConfig): GlobalVersion {
  const served = version.pluginId ? undefined : site.docs.versions.find(({ name }) => name === version.name);
  const banner = served?.banner ?? 'none';
  // Our sidebar ids carry the version's prefix (so all versions' ids differ); Docusaurus's do not.
  const sidebarName = (id: string) =>
    id.startsWith(version.sidebarPrefix) ? id.slice(version.sidebarPrefix.length) : id;
  const { path } = version;
  const firstSidebar = Object.values(sidebars.sidebars)[0];
  const firstRoute = firstSidebar ? firstPage(firstSidebar)?.href : undefined;
  const mainDoc = docs.find((doc) => doc.route === path) ?? docs.find((doc) => doc.route === firstRoute) ?? docs[0];
  return {
    name: version.name,
    label: version.label,
    isLast: version.isLast,
    path,
    mainDocId: mainDoc?.id ?? '',
    docs: docs.map((doc) => {
      const sidebar = sidebars.sidebarOfDoc.get(doc.id);
      return {
        id: doc.id,
        path: doc.route,
        ...(sidebar ? { sidebar: sidebarName(sidebar) } : {}),
        ...(doc.unlisted ? { unlisted: true } : {}),
        title: doc.title,
        ...(doc.description ? { description: doc.description } : {}),
      };
    }),
    draftIds: [],
    banner: banner === 'none' ? null : banner,
    sidebars: Object.fromEntries(
      Object.entries(sidebars.sidebars).map(([id, items]) => {
        const link = firstPage(items);
        return [sidebarName(id), link ? { link: { label: link.label, path: link.href } } : {}];
      }),
    ),
  };
}

/** The doc `id` of `version` (a version of the preset's docs, or an instance's) in `data`. */
export function globalDocOf(
  data: DocsGlobalData,
  version: { name: string; pluginId?: string },
  id: string,
): GlobalDoc | undefined {
  const versions = version.pluginId ? data.instances?.[version.pluginId]?.versions : data.versions;
  return versions?.find(({ name }) => name === version.name)?.docs.find((doc) => doc.id === id);
}
