// The site configuration: defaults, then `docusaurus.config.(js|ts|mjs|cjs)` when the folder
// has one (so a Docusaurus site serves unchanged), then `site.config.ts` on top.

import { docsInstancesOf, type DocsInstanceOptions } from './docs-instances.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FooterLink, SiteConfig } from '../../../client/contract/site-config.ts';
import { BuildError } from '../errors.ts';
import { loadConfigModule } from './load-config-module.ts';
import { siteHead, type SiteHead } from './head-tags.ts';
import { loadModule } from './load-module.ts';
import { defaultMarkdownDialect } from '../compile/markdown/dialect.ts';
import { navbarEntries, type NavbarEntry } from './navbar.ts';
import { docusaurusConfigSchema, type DocusaurusConfig } from '../schemas/docusaurus-config.ts';
import { parseWithFriendlyErrors, type Source } from '../schemas/friendly-errors.ts';
import { siteConfigSchema, type SiteConfigPart } from '../schemas/site-config.ts';
import { uniqueLine } from '../schemas/source-lines.ts';
import { withoutStandIns } from './stand-ins.ts';
import { withThemeTranslations } from './theme-translations.ts';
import { classicPreset } from './presets.ts';
import { missingPackageWarnings, unservedFeatures } from './unserved.ts';
import { sitePluginGlobalData, type GlobalData } from './site-plugin-data.ts';
import { builtInPluginPackages, markdownPluginsOf, mermaidThemesOf } from './markdown-plugins.ts';
import { noSitePlugins, type MarkdownPlugins } from '../compile/markdown/site-plugins.ts';
import { baseUrlWarnings } from './base-url.ts';
import { unservedKeyWarnings } from './unserved-keys.ts';
import type { EditUrlOption } from '../sources/edit-url.ts';

export const defaultSiteConfig: SiteConfig = {
  title: 'Documentation',
  titleDelimiter: '|',
  tagline: '',
  url: 'http://127.0.0.1:8787',
  // None unless the site names one, as in Docusaurus: a default the site has no file for would
  // be a 404 on every page.
  favicon: '',
  navbar: {
    title: '',
    logo: { alt: 'Logo', src: '', srcDark: '', href: '/', target: '_self' },
    items: [],
    hideOnScroll: false,
  },
  footer: { social: [], links: [], copyright: '' },
  colorMode: { defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: false },
  // The build fills in the versions it finds (scripts/compiler/sources/docs-versions.ts).
  docs: { versionLabel: 'Next', routeBasePath: '/', versions: [], lastVersion: 'current' },
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
  markdown: defaultMarkdownDialect,
};

export interface LoadedSiteConfig {
  /** The site's settings; navbar items that name a doc or a sidebar are still in `navbar`. */
  site: SiteConfig;
  /** The docs folder, absolute: Docusaurus's `docs.path` (it may lie outside the site folder), else `<site>/docs`. */
  docsDir: string;
  /** False when the classic preset says `docs: false`: the site has no docs, whatever its folders hold. */
  docsEnabled: boolean;
  /** The docs option `editUrl` ("Edit this page"): a base URL or a function of the doc. */
  editUrl?: EditUrlOption;
  /** The sidebars file the config names (`sidebarPath`), absolute; else the build looks for one. */
  sidebarPath?: string;
  /** Every navbar item in order, for the build to resolve once it knows the docs and sidebars. */
  navbar: NavbarEntry[];
  /** The config file the navbar came from, for messages. */
  configFile: string;
  /** The docs plugin's version options (a Docusaurus config's), for scripts/compiler/sources/docs-versions.ts. */
  versioning: VersioningOptions;
  /** The classic preset's `theme.customCss` files, absolute, in order (scripts/compiler/assets/site-styles.ts). */
  customCss: string[];
  /** Head tags of the config and the origins they load from (scripts/compiler/config/head-tags.ts). */
  head: SiteHead;
  /** What the config asks for that the build does not serve, and packages stood in for. */
  warnings: BuildError[];
  /** The Docusaurus config as loaded (stand-ins taken out), for `useDocusaurusContext()` in pages. */
  docusaurusConfig?: unknown;
  /**
   * The site's remark and rehype plugins per content kind (docs, blog, pages): what compiling a
   * page of that kind hands to `LinkContext.sitePlugins` (compile/markdown/site-plugins.ts).
   */
  markdownPlugins: MarkdownPlugins;
  /** What the site's own plugins gave `setGlobalData`, by plugin name and id (config/site-plugin-data.ts). */
  pluginGlobalData?: GlobalData;
  /** The docs plugin instances `plugins` adds beside the preset's docs (config/docs-instances.ts). */
  docsInstances?: DocsInstanceOptions[];
}

export type VersioningOptions = Pick<
  DocsOptions,
  'lastVersion' | 'includeCurrentVersion' | 'onlyIncludeVersions' | 'versions'
>;

export async function loadSiteConfig(siteDir: string): Promise<LoadedSiteConfig> {
  let loaded: LoadedSiteConfig = {
    site: defaultSiteConfig,
    docsDir: join(siteDir, 'docs'),
    docsEnabled: true,
    navbar: [],
    configFile: 'site.config.ts',
    versioning: {},
    customCss: [],
    head: { tags: [], sources: { script: [], style: [], font: [] } },
    warnings: [],
    markdownPlugins: { docs: noSitePlugins, blog: noSitePlugins, pages: noSitePlugins, docsInstances: {} },
  };
  for (const name of [
    'docusaurus.config.ts',
    'docusaurus.config.mjs',
    'docusaurus.config.js',
    'docusaurus.config.cjs',
  ]) {
    const path = join(siteDir, name);
    if (existsSync(path)) {
      loaded = await loadDocusaurusConfig(siteDir, path, name);
      break;
    }
  }
  const own = join(siteDir, 'site.config.ts');
  if (existsSync(own)) {
    const raw = await importConfig(own, 'site.config.ts');
    const part: SiteConfigPart = parseWithFriendlyErrors(siteConfigSchema, raw, source(own, 'site.config.ts'));
    const site = merge(loaded.site, part);
    // Our own file's navbar items replace the Docusaurus ones, as any list it sets does.
    const navbar = part.navbar?.items
      ? site.navbar.items.map((item) => ({ type: 'link' as const, item }))
      : loaded.navbar;
    loaded = { ...loaded, site, navbar };
  }
  return loaded;
}

async function loadDocusaurusConfig(siteDir: string, path: string, name: string): Promise<LoadedSiteConfig> {
  const text = readFileSync(path, 'utf8');
  const { value, missing } = await evaluateConfig(() => loadConfigModule(path, siteDir), name);
  const raw = typeof value === 'function' ? await evaluateConfig(async () => (value as () => unknown)(), name) : value;
  const { value: untranslated, fed } = withoutStandIns(raw);
  const cleaned = withThemeTranslations(untranslated, siteDir);
  const config = parseWithFriendlyErrors(docusaurusConfigSchema, cleaned, source(path, name));
  const preset = classicOptions(config, siteDir);
  const docs = preset?.docs || undefined;
  const navbar = navbarEntries(config.themeConfig?.navbar?.items ?? [], asset, (key, value) =>
    uniqueLine(text, [key], value),
  );
  const site = merge(defaultSiteConfig, fromDocusaurus(config, docs));
  const mermaid = mermaidThemesOf(cleaned);
  if (mermaid) site.markdown = { ...site.markdown, mermaid };
  // Docusaurus shows a version dropdown only where the navbar has one.
  const items = config.themeConfig?.navbar?.items ?? [];
  if (!items.some((item) => item.type === 'docsVersionDropdown' && (item.docsPluginId ?? 'default') === 'default')) {
    site.navbar = { ...site.navbar, versionDropdown: false };
  }
  const head = siteHead(isObject(cleaned) ? cleaned : {}, name);
  const plugins = await sitePluginGlobalData(raw, siteDir, name);
  const instances = docsInstancesOf(cleaned, siteDir, { name, text });
  return {
    site: {
      ...site,
      navbar: { ...site.navbar, items: navbar.flatMap((entry) => (entry.type === 'link' ? [entry.item] : [])) },
    },
    docsDir: resolve(siteDir, docs?.path ?? 'docs'),
    docsEnabled: !docsTurnedOff(config, siteDir),
    ...(docs && isEditUrl(docs.editUrl) ? { editUrl: docs.editUrl } : {}),
    ...(docs?.sidebarPath ? { sidebarPath: resolve(siteDir, docs.sidebarPath) } : {}),
    navbar,
    configFile: name,
    versioning: {
      lastVersion: docs?.lastVersion,
      includeCurrentVersion: docs?.includeCurrentVersion,
      onlyIncludeVersions: docs?.onlyIncludeVersions,
      versions: docs?.versions,
    },
    docusaurusConfig: cleaned,
    ...(Object.keys(plugins.globalData).length > 0 ? { pluginGlobalData: plugins.globalData } : {}),
    markdownPlugins: markdownPluginsOf(cleaned, siteDir),
    ...(instances.instances.length > 0 ? { docsInstances: instances.instances } : {}),
    customCss: customCssFiles(preset, siteDir),
    head: head.head,
    warnings: [
      // A plugin the engine has built in needs no package: its pages get ours.
      ...missingPackageWarnings(new Set([...missing].filter((pkg) => !builtInPluginPackages.includes(pkg))), fed, name),
      ...unservedFeatures(raw, siteDir, { name, text }, plugins.ran),
      ...baseUrlWarnings(raw, { name, text }),
      ...unservedKeyWarnings(raw, { name, text }),
      ...head.warnings,
      ...plugins.warnings,
      ...instances.warnings,
    ],
  };
}

function source(path: string, name: string): Source {
  const text = readFileSync(path, 'utf8');
  return {
    file: name,
    root: 'the exported configuration',
    lineOf: (keyPath, value) => uniqueLine(text, keyPath, value),
  };
}

async function importConfig(path: string, name: string): Promise<unknown> {
  // Fresh each time: `npm start` builds again in the same process after the author edits it.
  const value = await evaluateConfig(() => loadModule(path, true), name);
  // Docusaurus allows a (possibly async) function returning the config.
  return typeof value === 'function' ? await evaluateConfig(async () => (value as () => unknown)(), name) : value;
}

async function evaluateConfig<T>(run: () => Promise<T>, name: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new BuildError(
      name,
      undefined,
      `could not evaluate the configuration: ${(error as Error).message.split('\n')[0]}`,
      'fix the error above; the file must run in Node and export the configuration object',
    );
  }
}

/** A path under static/ written without its leading slash, as Docusaurus allows. */
function asset(src?: string): string | undefined {
  return src && !/^([a-z][a-z\d+.-]*:|\/)/i.test(src) ? `/${src}` : src;
}

/** The parts of a Docusaurus configuration we serve, in our own configuration's shape. */
function fromDocusaurus(config: DocusaurusConfig, docs: DocsOptions | undefined): SiteConfigPart {
  const theme = config.themeConfig ?? {};
  const footerLinks: FooterLink[] = (theme.footer?.links ?? []).flatMap((entry) =>
    (entry.items ?? [entry]).flatMap((link) =>
      link.label ? [{ label: link.label, href: asset(link.to) ?? link.href ?? '#', newTab: Boolean(link.href) }] : [],
    ),
  );
  const logo = theme.navbar?.logo;
  const policy = (severity: DocusaurusSeverity | undefined) => (severity === 'log' ? 'warn' : severity);
  const markdownHook = config.markdown?.hooks?.onBrokenMarkdownLinks;
  return {
    docs: {
      // Docusaurus serves docs under /docs unless the preset's docs options say otherwise.
      routeBasePath: docs?.routeBasePath ?? '/docs',
      versionLabel: docs?.versions?.current?.label,
      ...(docs?.showLastUpdateTime === true ? { showLastUpdateTime: true } : {}),
    },
    title: config.title,
    titleDelimiter: config.titleDelimiter,
    tagline: config.tagline,
    url: config.url,
    favicon: asset(config.favicon),
    onBrokenLinks: policy(config.onBrokenLinks),
    onBrokenAnchors: policy(config.onBrokenAnchors),
    // Only `true` changes how pages are spelled; false and undefined serve alike (without the slash).
    ...(config.trailingSlash === true ? { trailingSlash: true } : {}),
    onBrokenMarkdownLinks:
      typeof markdownHook === 'function' ? 'warn' : policy(markdownHook ?? config.onBrokenMarkdownLinks),
    markdown: { format: config.markdown?.format, mdx1Compat: config.markdown?.mdx1Compat },
    navbar: {
      title: theme.navbar?.title ?? undefined,
      hideOnScroll: theme.navbar?.hideOnScroll,
      logo: logo && {
        alt: logo.alt,
        src: asset(logo.src),
        srcDark: asset(logo.srcDark ?? logo.src),
        href: logo.href,
        target: logo.target === '_blank' ? '_blank' : '_self',
      },
    },
    footer: { links: footerLinks, copyright: theme.footer?.copyright },
    colorMode: theme.colorMode,
    announcementBar: theme.announcementBar,
  };
}

type DocusaurusSeverity = NonNullable<DocusaurusConfig['onBrokenLinks']>;

/** The classic preset's `theme.customCss`: one file or a list, relative to the site folder or absolute. */
function customCssFiles(preset: PresetOptions | undefined, siteDir: string): string[] {
  const customCss = preset?.theme?.customCss;
  if (!customCss) return [];
  return (Array.isArray(customCss) ? customCss : [customCss]).map((file) => resolve(siteDir, file));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type PresetOptions = NonNullable<Extract<NonNullable<DocusaurusConfig['presets']>[number], unknown[]>[1]>;
type DocsOptions = Exclude<PresetOptions['docs'], false | undefined>;

/** The options of the classic preset, or of a preset that wraps it (presets.ts). */
function classicOptions(config: DocusaurusConfig, siteDir: string): PresetOptions | undefined {
  const found = classicPreset(config.presets, siteDir);
  const entry = found && config.presets?.[found.index];
  return Array.isArray(entry) ? entry[1] : undefined;
}

function isEditUrl(value: unknown): value is EditUrlOption {
  return typeof value === 'string' || typeof value === 'function';
}

/** `docs: false` in the classic preset or a wrapper: Docusaurus runs no docs plugin (a blog or pages-only site). */
function docsTurnedOff(config: DocusaurusConfig, siteDir: string): boolean {
  return classicOptions(config, siteDir)?.docs === false;
}

function merge<T>(base: T, override: unknown): T {
  if (override === undefined || override === null) return base;
  if (
    typeof base !== 'object' ||
    base === null ||
    Array.isArray(base) ||
    typeof override !== 'object' ||
    Array.isArray(override)
  )
    return override as T;
  const result: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(override as Record<string, unknown>)) {
    if (value !== undefined) result[key] = merge(result[key], value);
  }
  return result as T;
}
