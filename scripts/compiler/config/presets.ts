// Which preset of a Docusaurus config gives the options of the classic preset: the classic preset
// itself, or a preset that wraps it (`['@acme/docusaurus-preset', { docs, blog, theme }]`,
// `docusaurus-preset-openapi`). A wrapper's options are read as the classic preset's; what it
// adds of its own (more plugins, pages, components) is not run, and the build says so once.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { standInPackage } from './stand-ins.ts';

/** The keys of the classic preset's options that say a preset hands them on to it. */
const classicOptionKeys = ['docs', 'blog', 'pages', 'theme'];

/** Presets known to wrap the classic one, even when given no options. */
const knownWrappers = new Set(['docusaurus-preset-openapi']);

export interface ClassicPreset {
  /** Its place in `presets`, for messages (`presets[0][1].docs`). */
  index: number;
  name: string;
  options: Record<string, unknown>;
  /** A preset of its own that hands its options on to the classic one. */
  wrapper: boolean;
}

/** The classic preset, or a preset that wraps it, with its options; the first one found. */
export function classicPreset(presets: unknown, siteDir: string): ClassicPreset | undefined {
  const entries = Array.isArray(presets) ? presets : [];
  for (const [index, entry] of entries.entries()) {
    const [plugin, raw] = Array.isArray(entry) ? entry : [entry, undefined];
    const name = presetName(plugin);
    if (name === undefined) continue;
    const options = isObject(raw) ? raw : {};
    if (isClassic(name)) return { index, name, options, wrapper: false };
    if (classicOptionKeys.some((key) => key in options) || knownWrappers.has(name) || dependsOnClassic(name, siteDir))
      return { index, name, options, wrapper: true };
  }
  return undefined;
}

/** `classic`, `@docusaurus/preset-classic`, or a resolved path to it. */
export function isClassic(name: string): boolean {
  return /(^|[/@-])classic$|preset-classic/.test(name);
}

function presetName(plugin: unknown): string | undefined {
  const standIn = standInPackage(plugin);
  if (standIn) return standIn;
  if (typeof plugin !== 'string') return undefined;
  // `require.resolve('@acme/preset')` gives a path into node_modules: the package's name.
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(plugin.split('\\').join('/'));
  return inModules ? inModules[1]! : plugin;
}

/** An installed preset whose package depends on the classic preset wraps it. */
function dependsOnClassic(name: string, siteDir: string): boolean {
  const manifest = join(siteDir, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    const { dependencies = {}, peerDependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    return '@docusaurus/preset-classic' in dependencies || '@docusaurus/preset-classic' in peerDependencies;
  } catch {
    return false;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
