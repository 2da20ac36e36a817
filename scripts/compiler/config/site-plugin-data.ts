// The site's own plugins (a function the config imports, or a module of the site folder it names)
// are run for their global data, as Docusaurus runs them: `plugin(context, options)`, then
// `loadContent()` and `contentLoaded({ content, actions })`. What they give `setGlobalData` is what
// `useGlobalData()` and `usePluginData()` answer in pages and components; what else they add
// (routes, webpack or head changes) is not taken, which one warning says.

import { isAbsolute, resolve, sep } from 'node:path';
import { BuildError } from '../errors.ts';
import { loadConfigModule } from './load-config-module.ts';
import { standInPackage } from './stand-ins.ts';

export type GlobalData = Record<string, Record<string, unknown>>;

interface PluginInstance {
  name?: unknown;
  loadContent?: () => unknown;
  contentLoaded?: (args: { content: unknown; actions: Record<string, unknown> }) => unknown;
}

export interface SitePluginData {
  globalData: GlobalData;
  /** The config's plugin values that were run (functions or module paths). */
  ran: Set<unknown>;
  warnings: BuildError[];
}

/** Runs the site's own plugins of `config.plugins` and collects the global data they set. */
export async function sitePluginGlobalData(config: unknown, siteDir: string, file: string): Promise<SitePluginData> {
  const globalData: GlobalData = {};
  const warnings: BuildError[] = [];
  const ran = new Set<unknown>();
  const names: string[] = [];
  const entries = isObject(config) && Array.isArray(config.plugins) ? config.plugins : [];
  for (const entry of entries) {
    const [plugin, options] = Array.isArray(entry) ? entry : [entry, {}];
    const pluginOptions = isObject(options) ? options : {};
    const label = typeof plugin === 'function' ? plugin.name || 'an unnamed plugin' : String(plugin);
    try {
      const create = await ownPlugin(plugin, siteDir);
      if (!create) continue;
      const instance = (await create(loadContext(config, siteDir), pluginOptions)) as PluginInstance | undefined;
      if (!isPluginInstance(instance)) continue;
      const name = instance.name;
      const id = typeof pluginOptions.id === 'string' ? pluginOptions.id : 'default';
      const content = await instance.loadContent?.();
      const actions = {
        setGlobalData: (data: unknown) => {
          (globalData[name] ??= {})[id] = data;
        },
        addRoute: () => {},
        createData: async (dataName: string) => dataName,
      };
      await instance.contentLoaded?.({ content, actions });
      ran.add(plugin);
      names.push(name);
    } catch (error) {
      warnings.push(
        new BuildError(
          file,
          undefined,
          `plugin ${label} failed while the build took its global data: ${error instanceof Error ? error.message : String(error)}`,
          'fix the plugin, or remove it from plugins; components that read its data get none',
        ),
      );
    }
  }
  if (names.length > 0) {
    warnings.push(
      new BuildError(
        file,
        undefined,
        `the site's plugins are run for their global data only: ${names.join(', ')}`,
        'what else they add (routes, pages, scripts, bundler settings) is not served; move it into the site if readers need it',
      ),
    );
  }
  return { globalData, ran, warnings };
}

/** The plugin's function when it is the site's own: a function, or a module path of the site folder. */
async function ownPlugin(plugin: unknown, siteDir: string): Promise<((...args: unknown[]) => unknown) | undefined> {
  if (typeof plugin === 'function') return standInPackage(plugin) ? undefined : (plugin as () => unknown);
  if (typeof plugin !== 'string' || !(plugin.startsWith('.') || isAbsolute(plugin))) return undefined;
  const path = resolve(siteDir, plugin);
  // A package's plugin named by its resolved path (`require.resolve('some-plugin')`) is not the site's.
  if (path.split(sep).includes('node_modules')) return undefined;
  const { value } = await loadConfigModule(path, siteDir);
  const exported = isObject(value) && 'default' in value ? value.default : value;
  return typeof exported === 'function' ? (exported as () => unknown) : undefined;
}

/** What Docusaurus gives a plugin as its context, as far as a build without its bundler has it. */
function loadContext(config: unknown, siteDir: string) {
  return {
    siteDir,
    siteConfig: config,
    baseUrl: '/',
    outDir: resolve(siteDir, 'build'),
    generatedFilesDir: resolve(siteDir, '.docusaurus'),
    i18n: { defaultLocale: 'en', currentLocale: 'en', locales: ['en'], localeConfigs: {} },
  };
}

function isPluginInstance(value: unknown): value is PluginInstance & { name: string } {
  return isObject(value) && typeof value.name === 'string';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
