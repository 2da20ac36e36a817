// The docs plugin's hooks that read its global data (`@docusaurus/plugin-content-docs/client`),
// as Docusaurus's docsClientUtils answer them: the plugin, version and doc the path is in, each
// doc's other versions, and the version to suggest. Read at the page's route, not followed: a page
// brought by navigation renders its site components anew.

import { currentPathname } from './current-location.ts';
import { DEFAULT_PLUGIN_ID } from './constants.ts';
import { useAllPluginInstancesData, usePluginData } from './global-data.ts';
import { matchPath } from './match-path.ts';
import {
  docsPluginName,
  type DocsGlobalData,
  type GlobalDoc,
  type GlobalVersion,
} from '../contract/docs-global-data.ts';

export type { DocsGlobalData as GlobalPluginData, GlobalDoc, GlobalVersion };

export interface ActivePlugin {
  pluginId: string;
  pluginData: DocsGlobalData;
}

export interface ActiveDocContext {
  activeVersion?: GlobalVersion;
  activeDoc?: GlobalDoc;
  alternateDocVersions: Record<string, GlobalDoc>;
}

export function useAllDocsData(): Record<string, DocsGlobalData> {
  return (useAllPluginInstancesData(docsPluginName) ?? {}) as Record<string, DocsGlobalData>;
}

export function useDocsData(pluginId: string = DEFAULT_PLUGIN_ID): DocsGlobalData {
  return usePluginData(docsPluginName, pluginId, { failfast: true }) as DocsGlobalData;
}

export function useActivePlugin(options: { failfast?: boolean } = {}): ActivePlugin | undefined {
  const pathname = currentPathname();
  const entry = Object.entries(useAllDocsData())
    // The plugin at the longest path first, so one at `/` matches last.
    .sort(([, a], [, b]) => b.path.length - a.path.length)
    .find(([, data]) => matchPath(pathname, { path: data.path, exact: false }));
  if (!entry && options.failfast) {
    throw new Error(`Can't find active docs plugin for "${pathname}" pathname.`);
  }
  return entry ? { pluginId: entry[0], pluginData: entry[1] } : undefined;
}

export function useActivePluginAndVersion(options: { failfast?: boolean } = {}) {
  const activePlugin = useActivePlugin(options);
  if (!activePlugin) return undefined;
  return { activePlugin, activeVersion: activeVersionOf(activePlugin.pluginData, currentPathname()) };
}

export function useVersions(pluginId?: string): GlobalVersion[] {
  return useDocsData(pluginId).versions;
}

export function useLatestVersion(pluginId?: string): GlobalVersion {
  return latestVersionOf(useDocsData(pluginId));
}

export function useActiveVersion(pluginId?: string): GlobalVersion | undefined {
  return activeVersionOf(useDocsData(pluginId), currentPathname());
}

export function useActiveDocContext(pluginId?: string): ActiveDocContext {
  return activeDocContext(useDocsData(pluginId), currentPathname());
}

/** The latest version, and this doc in it when it has one. */
export function useDocVersionSuggestions(pluginId?: string) {
  const data = useDocsData(pluginId);
  const latestVersionSuggestion = latestVersionOf(data);
  const { alternateDocVersions } = activeDocContext(data, currentPathname());
  return { latestDocSuggestion: alternateDocVersions[latestVersionSuggestion.name], latestVersionSuggestion };
}

function latestVersionOf(data: DocsGlobalData): GlobalVersion {
  return data.versions.find((version) => version.isLast) ?? data.versions[0]!;
}

/** The last version is tried after the others: it is served at the plugin's path, which prefixes theirs. */
function activeVersionOf(data: DocsGlobalData, pathname: string): GlobalVersion | undefined {
  const last = latestVersionOf(data);
  return [...data.versions.filter((version) => version !== last), last].find((version) =>
    matchPath(pathname, { path: version.path, exact: false }),
  );
}

function activeDocContext(data: DocsGlobalData, pathname: string): ActiveDocContext {
  const activeVersion = activeVersionOf(data, pathname);
  const activeDoc = activeVersion?.docs.find((doc) => matchPath(pathname, { path: doc.path, exact: true }));
  const alternateDocVersions: Record<string, GlobalDoc> = {};
  if (activeDoc) {
    for (const version of data.versions) {
      const same = version.docs.find((doc) => doc.id === activeDoc.id);
      if (same) alternateDocVersions[version.name] = same;
    }
  }
  return { activeVersion, activeDoc, alternateDocVersions };
}
