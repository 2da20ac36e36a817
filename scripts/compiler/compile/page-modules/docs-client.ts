// `@docusaurus/plugin-content-docs/client` for a page evaluated at build time: the same answers as
// site components get, at the page's route, and the doc being built for `useDoc` and the sidebar
// hooks. No reader has chosen a version where the page is built.

import { useDocsData, type GlobalVersion } from '../../../../client/site-modules/docs-data.ts';

export * from '../../../../client/site-modules/docs-data.ts';
export * from '../../../../client/site-modules/doc-hooks.ts';
export { useDocsVersion, useDocById } from '../../../../client/site-modules/docs-version.ts';

export function useDocsPreferredVersion(pluginId?: string): {
  preferredVersion: GlobalVersion | null;
  savePreferredVersionName: (name: string) => void;
} {
  useDocsData(pluginId);
  return { preferredVersion: null, savePreferredVersionName: () => undefined };
}
