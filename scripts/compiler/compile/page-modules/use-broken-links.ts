// `@docusaurus/useBrokenLinks`, as site components get it: the build checks the page's links itself.

export { default } from '../../../../client/site-modules/use-broken-links.ts';
