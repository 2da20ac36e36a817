// `@docusaurus/useGlobalData`, as site components get it: the docs plugin's data of this build.

export { default, usePluginData, useAllPluginInstancesData } from '../../../../client/site-modules/global-data.ts';
