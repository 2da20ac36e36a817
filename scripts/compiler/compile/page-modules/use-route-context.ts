// `@docusaurus/useRouteContext`, as site components get it: the docs plugin's route.

export { default } from '../../../../client/site-modules/use-route-context.ts';
