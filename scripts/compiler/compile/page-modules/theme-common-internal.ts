// `@docusaurus/theme-common/internal` in a page evaluated at build time: the docs hooks Docusaurus 2
// kept there, answering for the doc being built.

export {
  useDoc,
  useDocsSidebar,
  useSidebarBreadcrumbs,
  useCurrentSidebarCategory,
  isActiveSidebarItem,
  findFirstSidebarItemLink,
} from '../../../../client/site-modules/doc-hooks.ts';
export { useDocsVersion } from '../../../../client/site-modules/docs-version.ts';
export { useDocsPreferredVersion } from './docs-client.ts';
export { useCollapsible } from './theme-common.ts';
