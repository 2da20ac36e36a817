// `@docusaurus/isInternalUrl`, as site components get it.

export { default, hasProtocol } from '../../../../client/site-modules/is-internal-url.ts';
