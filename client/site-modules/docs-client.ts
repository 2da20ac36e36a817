// `@docusaurus/plugin-content-docs/client` for site components: the docs plugin's hooks, answered
// from this build's docs data, and the doc page's (`useDoc`, `useDocsSidebar`…) from the doc rendered.

export * from './docs-data.ts';
export * from './doc-hooks.ts';
export { useDocsPreferredVersion } from './docs-preferred-version.ts';
export { useDocsVersion, useDocById, type PropVersionDoc, type PropVersionMetadata } from './docs-version.ts';
