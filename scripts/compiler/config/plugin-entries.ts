// A `plugins`, `themes` or `presets` entry of a Docusaurus config as the build reads it: the
// package's name and the options given to it.

import { standInPackage } from './stand-ins.ts';

type Options = Record<string, unknown>;

/** A preset or plugin entry: a name, `[name, options]`, a function, or a stand-in. */
export function nameAndOptions(entry: unknown): [string, Options] {
  const [plugin, options] = Array.isArray(entry) ? entry : [entry, {}];
  return [pluginName(plugin), isObject(options) ? options : {}];
}

function pluginName(plugin: unknown): string {
  if (Array.isArray(plugin)) return pluginName(plugin[0]);
  const standIn = standInPackage(plugin);
  if (standIn) return standIn;
  if (typeof plugin === 'string') return plugin.replace(/^.*\/node_modules\//, '');
  if (typeof plugin === 'function') return plugin.name || 'an unnamed function';
  return String(plugin);
}

function isObject(value: unknown): value is Options {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
