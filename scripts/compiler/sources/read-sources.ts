// Step "sources": every docs version's folder, its docs (frontmatter read, routes not yet checked)
// and its sidebars, as the site's configuration names them.

import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { BuildError } from '../errors.ts';
import type { LoadedSiteConfig } from '../config/resolve-config.ts';
import { listDocFiles, type SourceDoc } from './discover.ts';
import { instanceVersion, readVersions } from './docs-versions.ts';
import { loadVersionDocs, type VersionDocs } from './version-docs.ts';

export interface DocSources {
  /** Each docs version, read like a docs folder of its own, in the dropdown's order. */
  versions: VersionDocs[];
  /** The docs plugin instances beside the preset's docs, one docs set each, in the config's order. */
  instances: VersionDocs[];
  /** The version served at the docs' base path. */
  lastDocs: VersionDocs;
  /** Every version's and instance's docs, in discovery order. */
  docs: SourceDoc[];
  /** Docs whose frontmatter is broken, by file path: kept only when broken pages are tolerated. */
  brokenDocs?: Map<string, BuildError[]>;
}

/**
 * Reads every version's docs. `onListed` is told how many doc files there are as soon as they are
 * listed, before they are read: the compile threads start then, on the cores reading leaves idle.
 */
export async function readSources(
  siteDir: string,
  config: LoadedSiteConfig,
  tolerateBrokenPages: boolean,
  onListed: (docFiles: number) => void,
  /** A development build (`npm start`): draft docs are built, as `docusaurus start` shows them. */
  development = false,
): Promise<DocSources> {
  const brokenDocs = tolerateBrokenPages ? new Map<string, BuildError[]>() : undefined;
  const sources = readVersions({
    siteDir,
    docsDir: config.docsDir,
    sidebarPath: config.sidebarPath,
    routeBasePath: config.site.docs.routeBasePath,
    currentLabel: config.site.docs.versionLabel,
    options: config.versioning,
    configFile: config.configFile,
  });
  // `docs: false`: no docs folder is read (it need not exist), so the site has no doc pages.
  const off = !config.docsEnabled;
  const own = (config.docsInstances ?? []).map(instanceVersion);
  for (const { pluginId, docsDir } of own) {
    if (existsSync(docsDir)) continue;
    throw new BuildError(
      config.configFile,
      undefined,
      `docs plugin instance "${pluginId}": its folder ${relative(siteDir, docsDir) || '.'}/ does not exist`,
      `create it and put the instance's .md/.mdx pages in it, or set the instance's path (relative to the site folder)`,
    );
  }
  const listed = await Promise.all(
    [...sources, ...own].map((version) => (off && !version.pluginId ? [] : listDocFiles(version.docsDir))),
  );
  onListed(listed.reduce((sum, files) => sum + files.length, 0));
  const loaded = await Promise.all(
    [...sources, ...own].map((version, index) =>
      loadVersionDocs(siteDir, version, brokenDocs, listed[index], off && !version.pluginId, development),
    ),
  );
  const versions = loaded.slice(0, sources.length);
  const instances = loaded.slice(sources.length);
  return {
    versions,
    instances,
    lastDocs: versions.find((loaded) => loaded.version.isLast)!,
    docs: loaded.flatMap((set) => set.docs),
    ...(brokenDocs ? { brokenDocs } : {}),
  };
}
