// Versioned docs as Docusaurus 3 keeps them: `versions.json` (names, newest first), each version's
// pages in `versioned_docs/version-<name>/` and its sidebars in
// `versioned_sidebars/version-<name>-sidebars.json`; the docs folder is the version `current`.
// The last version (versions.json's first, or `lastVersion`) is served at routeBasePath, the
// current one at `<routeBasePath>/next`, the others at `<routeBasePath>/<name>`.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentVersionName as currentVersion } from '../../../client/contract/search-protocol.ts';
import type { DocsVersion } from '../../../client/contract/site-config.ts';
import type { VersioningOptions } from '../config/resolve-config.ts';
import type { DocsInstanceOptions } from '../config/docs-instances.ts';
import type { EditUrlOption } from './edit-url.ts';
import { normaliseRoute } from './discover.ts';
import { BuildError } from '../errors.ts';

/** A version as the build reads it: where its pages and sidebars are, and what readers see of it. */
export interface VersionSource extends Omit<DocsVersion, 'firstPage'> {
  docsDir: string;
  /** Its sidebars file; for `current` the config's (undefined: the build looks for one). */
  sidebarPath?: string;
  /** Sidebar ids are the file's names; other versions' than the last are prefixed, so all ids differ. */
  sidebarPrefix: string;
  /** The version readers land on (served at routeBasePath unless its `path` says otherwise). */
  isLast: boolean;
  /** The docs plugin instance it belongs to, when not the preset's (config/docs-instances.ts). */
  pluginId?: string;
  /** That instance's `editUrl` (the preset's docs take the config's). */
  editUrl?: EditUrlOption;
}

export interface VersionsInput {
  siteDir: string;
  /** The docs folder (the current version). */
  docsDir: string;
  sidebarPath?: string;
  routeBasePath: string;
  /** Label of the current version (site.config.ts `docs.versionLabel`, or the Docusaurus option). */
  currentLabel: string;
  options: VersioningOptions;
  /** The config the options come from, for messages. */
  configFile: string;
}

/** The versions served, newest first (the dropdown's order). A site without versions.json has one, `current`. */
export function readVersions(input: VersionsInput): VersionSource[] {
  const released = readVersionNames(input.siteDir);
  const { options } = input;
  const names = [...(options.includeCurrentVersion === false ? [] : [currentVersion]), ...released];
  if (names.length === 0) {
    throw new BuildError(
      'versions.json',
      undefined,
      'includeCurrentVersion is false and versions.json names no version: there are no docs to serve',
      'add a version to versions.json, or leave includeCurrentVersion at its default (true)',
    );
  }
  const lastVersion = options.lastVersion ?? released[0] ?? currentVersion;
  const { configFile } = input;
  const known = (name: string, key: string) => {
    if (names.includes(name)) return;
    throw new BuildError(
      configFile,
      undefined,
      `docs.${key} names version "${name}", which the site does not have`,
      `use one of: ${names.map((known) => `"${known}"`).join(', ')}`,
    );
  };
  known(lastVersion, 'lastVersion');
  for (const name of Object.keys(options.versions ?? {})) known(name, 'versions');
  for (const name of options.onlyIncludeVersions ?? []) known(name, 'onlyIncludeVersions');
  const included = options.onlyIncludeVersions ?? names;
  if (!included.includes(lastVersion)) {
    throw new BuildError(
      configFile,
      undefined,
      `docs.onlyIncludeVersions leaves out the last version "${lastVersion}"`,
      `add "${lastVersion}" to onlyIncludeVersions, or set lastVersion to one of the versions it lists`,
    );
  }
  const lastIndex = names.indexOf(lastVersion);
  return names
    .filter((name) => included.includes(name))
    .map((name): VersionSource => {
      const own = options.versions?.[name] ?? {};
      const isCurrent = name === currentVersion;
      const part = own.path ?? (name === lastVersion ? '' : isCurrent ? 'next' : name);
      return {
        name,
        label: own.label ?? (isCurrent ? input.currentLabel : name),
        path: normaliseRoute(`${input.routeBasePath}/${part}`),
        // Newer than the last version: unreleased; older: no longer maintained.
        banner:
          own.banner ??
          (name === lastVersion ? 'none' : names.indexOf(name) < lastIndex ? 'unreleased' : 'unmaintained'),
        docsDir: isCurrent ? input.docsDir : versionFolder(input.siteDir, name),
        ...(isCurrent
          ? input.sidebarPath
            ? { sidebarPath: input.sidebarPath }
            : {}
          : { sidebarPath: join(input.siteDir, 'versioned_sidebars', `version-${name}-sidebars.json`) }),
        sidebarPrefix: name === lastVersion ? '' : `version-${name}/`,
        isLast: name === lastVersion,
      };
    });
}

/**
 * A docs plugin instance of its own, as one more docs set: its folder's version at its route base,
 * its sidebar ids prefixed with its id so that they differ from every other set's.
 */
export function instanceVersion(instance: DocsInstanceOptions): VersionSource {
  return {
    name: currentVersion,
    label: 'Next',
    path: normaliseRoute(instance.routeBasePath),
    banner: 'none',
    docsDir: instance.docsDir,
    ...(instance.sidebarPath ? { sidebarPath: instance.sidebarPath } : {}),
    sidebarPrefix: `${instance.id}/`,
    isLast: true,
    pluginId: instance.id,
    ...(instance.editUrl ? { editUrl: instance.editUrl } : {}),
  };
}

/** versions.json's names, newest first; none without the file. */
function readVersionNames(siteDir: string): string[] {
  const path = join(siteDir, 'versions.json');
  if (!existsSync(path)) return [];
  let names: unknown;
  try {
    names = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new BuildError(
      'versions.json',
      1,
      `bad JSON: ${(error as Error).message}`,
      'write a list of version names, newest first, e.g. ["2.0", "1.0"]',
    );
  }
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string' && /^[\w.-]+$/.test(name))) {
    throw new BuildError(
      'versions.json',
      1,
      'versions.json must be a list of version names (letters, digits, ".", "-", "_")',
      'write a list of version names, newest first, e.g. ["2.0", "1.0"]',
    );
  }
  if (names.includes(currentVersion)) {
    throw new BuildError(
      'versions.json',
      1,
      `"${currentVersion}" is the name of the docs folder's version and cannot be a released version`,
      'rename that version in versions.json and its versioned_docs and versioned_sidebars entries',
    );
  }
  return names as string[];
}

function versionFolder(siteDir: string, name: string): string {
  const dir = join(siteDir, 'versioned_docs', `version-${name}`);
  if (!existsSync(dir)) {
    throw new BuildError(
      'versions.json',
      undefined,
      `version "${name}" has no folder versioned_docs/version-${name}`,
      `create it (\`npx docusaurus docs:version ${name}\` does), or remove "${name}" from versions.json`,
    );
  }
  return dir;
}

/** The sidebar ids of a version: its file's names, with the version's prefix. */
export function prefixSidebarIds<T>(sidebars: Record<string, T>, prefix: string): Record<string, T> {
  if (!prefix) return sidebars;
  // Sidebars files of Docusaurus 2's first releases carry the prefix already.
  return Object.fromEntries(
    Object.entries(sidebars).map(([id, items]) => [id.startsWith(prefix) ? id : `${prefix}${id}`, items]),
  );
}
