// `@docusaurus/useRouteContext`: the plugin whose route renders the page. Every page served here is
// one of the docs plugin's (its one instance), as a doc page is in Docusaurus.

import { DEFAULT_PLUGIN_ID } from './constants.ts';
import { docsPluginName } from '../contract/docs-global-data.ts';

export interface RouteContext {
  plugin: { id: string; name: string };
  data?: Record<string, unknown>;
}

const docsRoute: RouteContext = { plugin: { id: DEFAULT_PLUGIN_ID, name: docsPluginName } };

export default function useRouteContext(): RouteContext {
  return docsRoute;
}
