// The site's own remark and rehype plugins (`remarkPlugins`, `rehypePlugins` and their
// `beforeDefault…` lists), in the pipeline where Docusaurus puts them: the `beforeDefault` lists
// before our dialect's plugins, the others after. A plugin required from a package carries the
// file and export it came from; a compile thread requires that file again, since a function cannot
// be sent to a thread. A plugin known only as a function (written in the config or one of its own
// files) keeps its pages on the build's own thread (`portableSitePlugins`).

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { Pluggable, PluggableList } from 'unified';
import type { ModuleOrigin } from '../../config/module-origins.ts';

export interface SitePlugin {
  /** For messages: the package, or the function's name. */
  name: string;
  /** Where a package's plugin was required from; absent for a function of the config's own. */
  origin?: ModuleOrigin;
  /** The second item of `[plugin, options]`. */
  options?: unknown;
  /** The plugin itself, in the build's own thread only (never sent to a compile thread). */
  plugin?: unknown;
}

export interface SitePluginLists {
  beforeDefaultRemarkPlugins: SitePlugin[];
  remarkPlugins: SitePlugin[];
  beforeDefaultRehypePlugins: SitePlugin[];
  rehypePlugins: SitePlugin[];
}

export const sitePluginKeys = [
  'beforeDefaultRemarkPlugins',
  'remarkPlugins',
  'beforeDefaultRehypePlugins',
  'rehypePlugins',
] as const satisfies (keyof SitePluginLists)[];

export const noSitePlugins: SitePluginLists = {
  beforeDefaultRemarkPlugins: [],
  remarkPlugins: [],
  beforeDefaultRehypePlugins: [],
  rehypePlugins: [],
};

/** The plugins each content kind's pages are compiled with, from the Docusaurus config. */
export interface MarkdownPlugins {
  docs: SitePluginLists;
  blog: SitePluginLists;
  pages: SitePluginLists;
  /** Docs plugin instances other than the classic preset's, by id. */
  docsInstances: Record<string, SitePluginLists>;
}

export function hasSitePlugins(lists: SitePluginLists | undefined): boolean {
  return lists !== undefined && sitePluginKeys.some((key) => lists[key].length > 0);
}

/** Whether a compile thread can load every plugin: each came from a package and its options clone. */
export function portableSitePlugins(lists: SitePluginLists | undefined): boolean {
  if (!lists) return true;
  return sitePluginKeys.every((key) =>
    lists[key].every((plugin) => {
      if (!plugin.origin) return false;
      try {
        structuredClone(plugin.options);
        return true;
      } catch {
        return false;
      }
    }),
  );
}

/** The lists as a compile thread receives them: the functions left out. */
export function sitePluginsData(lists: SitePluginLists): SitePluginLists {
  const strip = (plugins: SitePlugin[]) => plugins.map(({ plugin: _plugin, ...data }) => data);
  return {
    beforeDefaultRemarkPlugins: strip(lists.beforeDefaultRemarkPlugins),
    remarkPlugins: strip(lists.remarkPlugins),
    beforeDefaultRehypePlugins: strip(lists.beforeDefaultRehypePlugins),
    rehypePlugins: strip(lists.rehypePlugins),
  };
}

const requireHere = createRequire(import.meta.url);

/** The plugin's function: its own in the build's thread, else required again from its module. */
function pluginFunction(plugin: SitePlugin): unknown {
  if (plugin.plugin !== undefined) return plugin.plugin;
  if (!plugin.origin) throw new Error(`the plugin ${plugin.name} has no module to load it from`);
  let value: unknown = requireHere(plugin.origin.module);
  for (const key of plugin.origin.path) value = (value as Record<string, unknown>)[key];
  return value;
}

/** The unified pluggables of one list, in order. */
export function sitePluggables(plugins: SitePlugin[]): PluggableList {
  return plugins.map((plugin): Pluggable => {
    const fn = pluginFunction(plugin) as Pluggable;
    return plugin.options === undefined ? fn : ([fn, plugin.options] as Pluggable);
  });
}

/**
 * What the compile cache keys on for the site's plugins: each plugin's module file, its bytes and
 * its package's package.json (an upgrade changes the version), or a config function's source, and
 * the options.
 */
export function sitePluginsFingerprint(lists: SitePluginLists | undefined): string {
  if (!hasSitePlugins(lists)) return '';
  const hash = createHash('sha256');
  for (const key of sitePluginKeys) {
    for (const plugin of lists![key]) {
      hash.update(`${key}\0${plugin.name}\0`);
      if (plugin.origin) {
        hash.update(`${plugin.origin.module}\0${plugin.origin.path.join('.')}\0`);
        hash.update(readFileSync(plugin.origin.module));
        const manifest = packageManifest(plugin.origin.module);
        if (manifest) hash.update(readFileSync(manifest));
      } else hash.update(String(plugin.plugin));
      hash.update(`\0${optionsText(plugin.options)}\0`);
    }
  }
  return hash.digest('hex');
}

/** The package.json nearest above a module file. */
function packageManifest(file: string): string | undefined {
  for (let dir = dirname(file); dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'package.json');
  }
  return undefined;
}

/** Options as text, functions by their source, so a changed option makes a new key. */
function optionsText(options: unknown): string {
  const seen = new WeakSet<object>();
  return (
    JSON.stringify(options, (_key, value: unknown) => {
      if (typeof value === 'function') return `function ${String(value)}`;
      if (typeof value === 'object' && value !== null) {
        if (seen.has(value)) return '[seen]';
        seen.add(value);
      }
      return value;
    }) ?? ''
  );
}
