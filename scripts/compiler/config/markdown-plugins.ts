// The remark and rehype plugins a Docusaurus config gives each kind of content: the classic
// preset's `docs`, `blog` and `pages` options and the content plugins' own instances. An entry is
// a plugin or `[plugin, options]`, as Docusaurus reads them. A plugin whose package the site lacks
// was a stand-in (stand-ins.ts): it is left out here, and named once by the missing-package warning.

import {
  noSitePlugins,
  sitePluginKeys,
  type MarkdownPlugins,
  type SitePlugin,
  type SitePluginLists,
} from '../compile/markdown/site-plugins.ts';
import { classicPreset } from './presets.ts';
export { mermaidThemesOf } from '../../../client/site-modules/mermaid-themes.ts';
import { moduleOrigin } from './module-origins.ts';

type Options = Record<string, unknown>;

/** The packages whose plugin the engine has built in: their pages get ours (compile/markdown/npm2yarn.ts). */
export const builtInPluginPackages = ['@docusaurus/remark-plugin-npm2yarn'];

/** A Docusaurus config (stand-ins taken out) → each content kind's plugin lists. */
export function markdownPluginsOf(config: unknown, siteDir: string): MarkdownPlugins {
  const result: MarkdownPlugins = { docs: noSitePlugins, blog: noSitePlugins, pages: noSitePlugins, docsInstances: {} };
  if (!isObject(config)) return result;
  // The classic preset, or a preset that wraps it (presets.ts).
  const preset = classicPreset(config.presets, siteDir);
  if (preset) {
    const { options } = preset;
    if (isObject(options.docs)) result.docs = listsOf(options.docs);
    if (isObject(options.blog)) result.blog = listsOf(options.blog);
    if (isObject(options.pages)) result.pages = listsOf(options.pages);
  }
  for (const plugin of asArray(config.plugins)) {
    const [name, options] = nameAndOptions(plugin);
    if (typeof name !== 'string') continue;
    const id = typeof options.id === 'string' ? options.id : 'default';
    if (/content-docs/.test(name)) result.docsInstances[id] = listsOf(options);
    else if (/content-blog/.test(name) && id === 'default') result.blog = listsOf(options);
    else if (/content-pages/.test(name) && id === 'default') result.pages = listsOf(options);
  }
  return result;
}

function listsOf(options: Options): SitePluginLists {
  const lists = { ...noSitePlugins };
  for (const key of sitePluginKeys) lists[key] = asArray(options[key]).flatMap(sitePlugin);
  return lists;
}

function sitePlugin(entry: unknown): SitePlugin[] {
  const [given, options] = Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined];
  const plugin = callable(given);
  if (!plugin) return [];
  const origin = moduleOrigin(plugin);
  if (origin && builtInPluginPackages.includes(packageOf(origin.module))) return [];
  const name = origin ? packageOf(origin.module) : (plugin as { name?: string }).name || 'an unnamed function';
  return [{ name, plugin, ...(origin ? { origin } : {}), ...(options === undefined ? {} : { options }) }];
}

/** The function itself, or a module's default export (`require` of an ES module gives its namespace). */
function callable(value: unknown): unknown {
  if (typeof value === 'function') return value;
  if (isObject(value) && typeof value.default === 'function') return value.default;
  return undefined;
}

/** `/x/node_modules/@scope/name/lib/index.js` → `@scope/name`. */
function packageOf(file: string): string {
  const match = /.*[/\\]node_modules[/\\]((?:@[^/\\]+[/\\])?[^/\\]+)/.exec(file);
  return match ? match[1]!.replace(/\\/g, '/') : file;
}

function nameAndOptions(entry: unknown): [unknown, Options] {
  const [name, options] = Array.isArray(entry) ? entry : [entry, {}];
  return [name, isObject(options) ? options : {}];
}

function isObject(value: unknown): value is Options {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
