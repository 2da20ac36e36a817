// `@docusaurus/plugin-content-docs/client` for site components: the docs plugin's hooks, answered
// from this build's docs data.

export * from './docs-data.ts';
export { useDocsPreferredVersion } from './docs-preferred-version.ts';
export { useDocsVersion, useDocById, type PropVersionDoc, type PropVersionMetadata } from './docs-version.ts';
