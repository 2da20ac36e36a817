// The docs plugin instances a Docusaurus config adds beside the classic preset's docs
// (`['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', … }]` in `plugins`).
// Each is built as another docs set: its folder, its route base, its sidebars, its edit links.

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BuildError } from '../errors.ts';
import { uniqueLine } from '../schemas/source-lines.ts';
import { nameAndOptions } from './plugin-entries.ts';
import type { EditUrlOption } from '../sources/edit-url.ts';

export interface DocsInstanceOptions {
  /** The plugin id, as navbar items' `docsPluginId` and the client hooks name it. */
  id: string;
  /** Its docs folder (absolute). */
  docsDir: string;
  routeBasePath: string;
  /** Its sidebars file (absolute); none: the sidebar is generated from the folder, as in Docusaurus. */
  sidebarPath?: string;
  editUrl?: EditUrlOption;
}

interface ConfigFile {
  name: string;
  text: string;
}

/** Whether a `plugins` entry is a docs plugin instance this build serves (one with an id of its own). */
export function isServedDocsInstance(name: string, options: Record<string, unknown>): boolean {
  return /content-docs/.test(name) && typeof options.id === 'string' && options.id !== 'default';
}

/** The served instances, in the config's order, and a warning for what of them is left out. */
export function docsInstancesOf(
  raw: unknown,
  siteDir: string,
  file: ConfigFile,
): { instances: DocsInstanceOptions[]; warnings: BuildError[] } {
  const plugins = isObject(raw) && Array.isArray(raw.plugins) ? raw.plugins : [];
  const instances: DocsInstanceOptions[] = [];
  const warnings: BuildError[] = [];
  for (const plugin of plugins) {
    const [name, options] = nameAndOptions(plugin);
    if (!isServedDocsInstance(name, options)) continue;
    const id = options.id as string;
    const path = typeof options.path === 'string' ? options.path : 'docs';
    const routeBasePath = typeof options.routeBasePath === 'string' ? options.routeBasePath : 'docs';
    const sidebarPath = typeof options.sidebarPath === 'string' ? options.sidebarPath : undefined;
    instances.push({
      id,
      docsDir: resolve(siteDir, path),
      routeBasePath: `/${routeBasePath}`.replace(/\/+/g, '/'),
      ...(sidebarPath ? { sidebarPath: resolve(siteDir, sidebarPath) } : {}),
      ...(isEditUrl(options.editUrl) ? { editUrl: options.editUrl } : {}),
    });
    if (existsSync(join(siteDir, `${id}_versions.json`))) {
      warnings.push(
        new BuildError(
          file.name,
          uniqueLine(file.text, ['id'], id),
          `docs plugin instance "${id}" has versions (${id}_versions.json): only its current docs (${path}/) are served`,
          `serve its versions from a site of their own, or remove ${id}_versions.json to silence this`,
        ),
      );
    }
  }
  return { instances, warnings };
}

function isEditUrl(value: unknown): value is EditUrlOption {
  return typeof value === 'string' || typeof value === 'function';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
