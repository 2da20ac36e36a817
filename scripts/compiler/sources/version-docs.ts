// Each docs version read like a docs folder of its own: its pages, its sidebars, its git dates;
// then what ties the versions together: each version's first page (the dropdown's fallback) and,
// for every page, the same doc in the other versions.

import { existsSync } from 'node:fs';
import { currentVersionName } from '../../../client/contract/search-protocol.ts';
import type { DocsVersion } from '../../../client/contract/site-config.ts';
import { discoverDocs, type SourceDoc } from './discover.ts';
import type { BuildError } from '../errors.ts';
import { lastModifiedDates } from './last-modified.ts';
import { firstPage } from '../config/navbar.ts';
import { defaultSidebars, loadSidebars } from '../navigation/load-sidebars.ts';
import { resolveSidebars, type ResolvedSidebars } from '../navigation/sidebars.ts';
import { prefixSidebarIds, type VersionSource } from './docs-versions.ts';

export interface VersionDocs {
  version: VersionSource;
  docs: SourceDoc[];
  sidebars: ResolvedSidebars;
  /** Doc path in the version's folder → date of its last commit. */
  lastModified: Map<string, string>;
}

/** `brokenDocs`: as for discoverDocs, where docs with bad frontmatter go when broken pages are tolerated. */
export async function loadVersionDocs(
  siteDir: string,
  version: VersionSource,
  brokenDocs?: Map<string, BuildError[]>,
  /** The version's doc files, when listed already. */
  files?: string[],
  /** True when the site has no docs (`docs: false`): its sidebars file, if any, is not read either. */
  noDocs = false,
  /** A development build: drafts are built; otherwise they are left out, and out of the sidebars. */
  includeDrafts = false,
): Promise<VersionDocs> {
  // git runs in a process of its own while the pages are read.
  const lastModified = lastModifiedDates(version.docsDir);
  const found = await discoverDocs(siteDir, version.path, version.docsDir, brokenDocs, files);
  const draftIds = new Set(includeDrafts ? [] : found.filter((doc) => doc.draft).map((doc) => doc.id));
  const docs = draftIds.size > 0 ? found.filter((doc) => !draftIds.has(doc.id)) : found;
  // A released version without a sidebars file gets the generated one, as in Docusaurus.
  // An instance of its own without a sidebars file: generated too (it has no default file to look for).
  const ownFile = version.sidebarPath !== undefined && existsSync(version.sidebarPath);
  const useFile = !noDocs && ((version.name === currentVersionName && !version.pluginId) || ownFile);
  const loaded = useFile ? await loadSidebars(siteDir, version.sidebarPath) : defaultSidebars();
  const sidebars = resolveSidebars(
    { ...loaded, input: prefixSidebarIds(loaded.input, version.sidebarPrefix) },
    docs,
    siteDir,
    version.path,
    version.docsDir,
    draftIds,
  );
  return { version, docs, sidebars, lastModified: await lastModified };
}

/** What the dropdown shows of a version: its root page when it has one, else its first sidebar's first page. */
export function docsVersion(loaded: VersionDocs, routes: Set<string>): DocsVersion {
  const { name, label, path, banner } = loaded.version;
  const first = firstPage(Object.values(loaded.sidebars.sidebars)[0] ?? [])?.href ?? loaded.docs[0]?.route ?? path;
  return { name, label, path, banner, firstPage: routes.has(path) ? path : first };
}

/**
 * For every route, the same page in the other versions: a doc by its id, a generated category page
 * by its path under the version's root. Empty for a site of one version.
 */
export function alternateRoutes(versions: VersionDocs[]): Map<string, Record<string, string>> {
  const alternates = new Map<string, Record<string, string>>();
  if (versions.length < 2) return alternates;
  const keyed = versions.map((loaded) => {
    const byKey = new Map<string, string>();
    for (const doc of loaded.docs) byKey.set(`doc:${doc.id}`, doc.route);
    for (const index of loaded.sidebars.generatedIndexes)
      byKey.set(`category:${underRoot(index.route, loaded.version.path)}`, index.route);
    return { name: loaded.version.name, byKey };
  });
  for (const { byKey } of keyed) {
    for (const [key, route] of byKey) {
      const others: Record<string, string> = {};
      for (const other of keyed) {
        const counterpart = other.byKey.get(key);
        if (counterpart !== undefined && counterpart !== route) others[other.name] = counterpart;
      }
      alternates.set(route, others);
    }
  }
  return alternates;
}

/** A route's path under its version's root, the same whether that root is `/` or `/docs/next`. */
function underRoot(route: string, root: string): string {
  return root === '/' ? route : route.slice(root.length);
}
