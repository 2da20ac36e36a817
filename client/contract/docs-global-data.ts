// The docs plugin's global data, shaped as Docusaurus gives it to `useGlobalData()` and to the hooks
// of `@docusaurus/plugin-content-docs/client`: every version with its docs' ids, routes and
// sidebars. The build makes it (scripts/compiler/compile/docs-global-data.ts); site code reads it
// at build time and, in the browser, from the chunks of the islands that import those hooks only.

export interface GlobalDoc {
  id: string;
  path: string;
  sidebar?: string;
  unlisted?: boolean;
  /** Beyond Docusaurus's global data: what `useDocsVersion().docs` and `useDocById` give of a doc. */
  title: string;
  description?: string;
}

export interface GlobalVersion {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  mainDocId: string;
  docs: GlobalDoc[];
  draftIds: string[];
  sidebars: Record<string, { link?: { label: string; path: string } }>;
  /** Beyond Docusaurus's global data, for `useDocsVersion`: the banner its pages show. */
  banner: 'unreleased' | 'unmaintained' | null;
}

export interface DocsGlobalData {
  path: string;
  versions: GlobalVersion[];
  breadcrumbs: boolean;
  /**
   * Beyond Docusaurus's global data, on the preset's docs only: the other docs plugin instances'
   * data, by id, which `useGlobalData()` gives beside it as Docusaurus does.
   */
  instances?: Record<string, DocsGlobalData>;
}

/** The plugin's name as Docusaurus keys its global data. */
export const docsPluginName = 'docusaurus-plugin-content-docs';
