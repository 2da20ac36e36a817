// `@docusaurus/theme-common/internal` in a page evaluated at build time: the docs hooks Docusaurus 2
// kept there, answering for the doc being built. Not the browser's module itself
// (client/site-modules/theme-common-internal.ts): its preferred version and collapsible keep React
// state, which cannot run while a page's tree is built, so those two are the build's answers here.

export * from '../../../../client/site-modules/doc-hooks.ts';
export { useDocsVersion } from '../../../../client/site-modules/docs-version.ts';
export { useDocsPreferredVersion } from './docs-client.ts';
export { useCollapsible } from './theme-common.ts';
