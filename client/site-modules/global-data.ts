// `@docusaurus/useGlobalData`: the global data of the plugins this site runs, keyed by plugin name
// and instance id as in Docusaurus: the docs plugin's instances (docs-global-data.ts says where
// the data comes from) and the site's own plugins (plugins-global-data.ts).

import { docsGlobalData } from './docs-global-data.ts';
import { pluginsGlobalData } from './plugins-global-data.ts';
import { DEFAULT_PLUGIN_ID } from './constants.ts';
import { docsPluginName, type DocsGlobalData } from '../contract/docs-global-data.ts';

export type GlobalData = Record<string, Record<string, unknown>>;

let cached: { data: DocsGlobalData | undefined; global: GlobalData } | undefined;

export default function useGlobalData(): GlobalData {
  const data = docsGlobalData();
  // The same object while the data is the same, as Docusaurus's context gives it.
  if (!cached || cached.data !== data) {
    const { instances, ...preset } = data ?? {};
    const docs: GlobalData = data ? { [docsPluginName]: { [DEFAULT_PLUGIN_ID]: preset, ...instances } } : {};
    cached = { data, global: { ...pluginsGlobalData(), ...docs } };
  }
  return cached.global;
}

export function useAllPluginInstancesData(pluginName: string, options: { failfast?: boolean } = {}) {
  const instances = useGlobalData()[pluginName];
  if (!instances && options.failfast) {
    throw new Error(`Docusaurus plugin global data not found for "${pluginName}" plugin.`);
  }
  return instances;
}

export function usePluginData(
  pluginName: string,
  pluginId: string = DEFAULT_PLUGIN_ID,
  options: { failfast?: boolean } = {},
): unknown {
  const data = useAllPluginInstancesData(pluginName)?.[pluginId];
  if (!data && options.failfast) {
    throw new Error(`Docusaurus plugin global data not found for "${pluginName}" plugin with id "${pluginId}".`);
  }
  return data;
}
