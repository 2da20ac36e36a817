// `@docusaurus/theme-common/internal` as site components import it: the docs hooks Docusaurus 2
// kept there (`useDoc`, `useDocsSidebar`…, now in `@docusaurus/plugin-content-docs/client`) and the
// theme's helpers sites reuse in their own components.

export * from './doc-hooks.ts';
export { useDocsVersion } from './docs-version.ts';
export { useDocsPreferredVersion } from './docs-preferred-version.ts';
export { useCodeWordWrap } from './code-word-wrap.ts';
export { Collapsible, useCollapsible } from './collapsible.tsx';
