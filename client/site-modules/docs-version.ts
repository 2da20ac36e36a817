// `useDocsVersion` and `useDocById` of `@docusaurus/plugin-content-docs/client`: the version of the
// doc page, as Docusaurus's doc pages give it to what they render (its docs by id with their titles
// and descriptions), answered from the active version of the page's route.

import { DEFAULT_PLUGIN_ID } from './constants.ts';
import { useActiveVersion, useVersions, type GlobalVersion } from './docs-data.ts';

export interface PropVersionDoc {
  id: string;
  title: string;
  description?: string;
  sidebar?: string;
}

export interface PropVersionMetadata {
  pluginId: string;
  version: string;
  label: string;
  banner: GlobalVersion['banner'];
  badge: boolean;
  noIndex: boolean;
  className: string;
  isLast: boolean;
  docsSidebars: Record<string, unknown>;
  docs: Record<string, PropVersionDoc>;
}

const metadata = new WeakMap<GlobalVersion, PropVersionMetadata>();

export function useDocsVersion(): PropVersionMetadata {
  const version = useActiveVersion();
  const versions = useVersions();
  if (!version) throw new Error('useDocsVersion is used outside of the docs: this page is in no docs version');
  let found = metadata.get(version);
  if (!found) {
    found = {
      pluginId: DEFAULT_PLUGIN_ID,
      version: version.name,
      label: version.label,
      banner: version.banner,
      // Docusaurus shows the version's badge when the site has more than one version.
      badge: versions.length > 1,
      noIndex: false,
      className: `docs-version-${version.name}`,
      isLast: version.isLast,
      // The sidebars' items are the sidebar data files' (the page's own sidebar), not the version's.
      docsSidebars: {},
      docs: Object.fromEntries(
        version.docs.map(({ id, title, description, sidebar }) => [
          id,
          { id, title, ...(description ? { description } : {}), ...(sidebar ? { sidebar } : {}) },
        ]),
      ),
    };
    metadata.set(version, found);
  }
  return found;
}

export function useDocById(id: string | undefined): PropVersionDoc | undefined {
  const { docs } = useDocsVersion();
  if (id === undefined) return undefined;
  const doc = docs[id];
  if (!doc) throw new Error(`no version doc found by id=${id}`);
  return doc;
}
