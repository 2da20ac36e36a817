// `@docusaurus/constants`, as site components get it.

export * from '../../../../client/site-modules/constants.ts';
