// `@docusaurus/plugin-content-docs/client` for site components: the docs plugin's hooks, answered
// from this build's docs data.

export * from './docs-data.ts';
export { useDocsPreferredVersion } from './docs-preferred-version.ts';
