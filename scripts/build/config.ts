// The site configuration: defaults, then `docusaurus.config.(js|ts)` when the folder
// has one (so a Docusaurus site serves unchanged), then `site.config.ts` on top.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FooterLink, NavbarItem, SiteConfig, SocialLink } from '../../client/model.ts';
import { BuildError } from './errors.ts';
import { loadModule } from './load-module.ts';

type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends (infer U)[] ? U[] : T[K] extends object ? DeepPartial<T[K]> : T[K];
};

/** What `site.config.ts` exports: any part of the configuration; the rest keeps its default. */
export type SiteConfigInput = DeepPartial<SiteConfig>;

export function defineSiteConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}

export const defaultSiteConfig: SiteConfig = {
  title: 'Documentation',
  tagline: '',
  url: 'http://127.0.0.1:8787',
  favicon: '/favicon.svg',
  navbar: {
    title: '',
    logo: { alt: 'Logo', src: '', srcDark: '', href: '/', target: '_self' },
    items: [],
    hideOnScroll: false,
  },
  footer: { social: [], links: [], copyright: '' },
  colorMode: { defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: false },
  docs: { versionLabel: 'Next', routeBasePath: '/' },
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
};

export async function loadSiteConfig(siteDir: string): Promise<SiteConfig> {
  let config = defaultSiteConfig;
  for (const name of ['docusaurus.config.ts', 'docusaurus.config.js', 'docusaurus.config.mjs']) {
    const path = join(siteDir, name);
    if (existsSync(path)) {
      config = merge(config, fromDocusaurus(await importConfig(path, name), name));
      break;
    }
  }
  const own = join(siteDir, 'site.config.ts');
  if (existsSync(own)) config = merge(config, (await importConfig(own, 'site.config.ts')) as SiteConfigInput);
  return validate(config);
}

async function importConfig(path: string, name: string): Promise<unknown> {
  try {
    const value = await loadModule(path);
    // Docusaurus allows a (possibly async) function returning the config.
    return typeof value === 'function' ? await (value as () => unknown)() : value;
  } catch (error) {
    throw new BuildError(
      name,
      undefined,
      `could not evaluate the configuration: ${(error as Error).message.split('\n')[0]}`,
      'fix the error above; the file must run in Node and export the configuration object',
    );
  }
}

type PresetEntry = string | [string, { docs?: false | { routeBasePath?: string } }];

interface DocusaurusConfig {
  presets?: PresetEntry[];
  title?: string;
  tagline?: string;
  url?: string;
  favicon?: string;
  onBrokenLinks?: SiteConfig['onBrokenLinks'];
  onBrokenMarkdownLinks?: SiteConfig['onBrokenMarkdownLinks'];
  markdown?: { hooks?: { onBrokenMarkdownLinks?: SiteConfig['onBrokenMarkdownLinks'] } };
  themeConfig?: {
    navbar?: {
      title?: string;
      hideOnScroll?: boolean;
      logo?: { alt?: string; src?: string; srcDark?: string; href?: string; target?: string };
      items?: { label?: string; to?: string; href?: string; position?: string; type?: string }[];
    };
    footer?: {
      links?: (
        | { title?: string; items?: { label: string; to?: string; href?: string }[] }
        | { label: string; to?: string; href?: string }
      )[];
      copyright?: string;
    };
    colorMode?: Partial<SiteConfig['colorMode']>;
    announcementBar?: {
      id?: string;
      content?: string;
      backgroundColor?: string;
      textColor?: string;
      isCloseable?: boolean;
    };
  };
}

function fromDocusaurus(raw: unknown, name: string): SiteConfigInput {
  if (!raw || typeof raw !== 'object')
    throw new BuildError(
      name,
      undefined,
      'the configuration is not an object',
      'export the configuration object (module.exports = { … } or export default { … })',
    );
  const config = raw as DocusaurusConfig;
  const theme = config.themeConfig ?? {};
  const asset = (src?: string) => (src && !/^([a-z]+:|\/)/i.test(src) ? `/${src}` : src);
  const items: NavbarItem[] = (theme.navbar?.items ?? [])
    .filter((item) => item.label && (item.to || item.href))
    .map((item) => ({
      label: item.label!,
      href: (item.to ?? item.href)!,
      position: item.position === 'left' ? 'left' : 'right',
      external: Boolean(item.href && /^[a-z]+:/i.test(item.href)),
    }));
  const footerLinks: FooterLink[] = (theme.footer?.links ?? []).flatMap((entry) =>
    ('items' in entry ? (entry.items ?? []) : [entry as { label: string; to?: string; href?: string }]).map((link) => ({
      label: link.label,
      href: link.to ?? link.href ?? '#',
      newTab: Boolean(link.href),
    })),
  );
  const bar = theme.announcementBar;
  // Docusaurus serves docs under /docs unless the classic preset's docs set routeBasePath.
  const classic = (config.presets ?? []).find(
    (preset): preset is [string, { docs?: false | { routeBasePath?: string } }] =>
      Array.isArray(preset) && /classic/.test(preset[0]),
  );
  const docsOptions = classic?.[1]?.docs;
  const routeBasePath =
    docsOptions && typeof docsOptions === 'object' && typeof docsOptions.routeBasePath === 'string'
      ? docsOptions.routeBasePath
      : 'docs';
  return {
    docs: { routeBasePath: `/${routeBasePath}`.replace(/\/+/g, '/') },
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    favicon: asset(config.favicon),
    onBrokenLinks: config.onBrokenLinks,
    onBrokenMarkdownLinks: config.markdown?.hooks?.onBrokenMarkdownLinks ?? config.onBrokenMarkdownLinks,
    navbar: {
      title: theme.navbar?.title,
      hideOnScroll: theme.navbar?.hideOnScroll,
      logo: theme.navbar?.logo && {
        alt: theme.navbar.logo.alt,
        src: asset(theme.navbar.logo.src),
        srcDark: asset(theme.navbar.logo.srcDark ?? theme.navbar.logo.src),
        href: theme.navbar.logo.href,
        target: theme.navbar.logo.target === '_blank' ? '_blank' : '_self',
      },
      items,
    },
    footer: { links: footerLinks, copyright: theme.footer?.copyright },
    colorMode: theme.colorMode,
    announcementBar: bar?.content
      ? {
          id: bar.id ?? 'announcement-bar',
          content: bar.content,
          backgroundColor: bar.backgroundColor ?? '#fff',
          textColor: bar.textColor ?? '#000',
          isCloseable: bar.isCloseable ?? true,
        }
      : undefined,
  };
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

function validate(config: SiteConfig): SiteConfig {
  const policies = ['throw', 'warn', 'ignore'];
  for (const key of ['onBrokenLinks', 'onBrokenMarkdownLinks'] as const) {
    if (!policies.includes(config[key]))
      throw new BuildError(
        'site.config.ts',
        undefined,
        `${key} must be 'throw', 'warn' or 'ignore', found ${JSON.stringify(config[key])}`,
        `set ${key} to one of those values`,
      );
  }
  if (!['light', 'dark'].includes(config.colorMode.defaultMode)) {
    throw new BuildError(
      'site.config.ts',
      undefined,
      `colorMode.defaultMode must be 'light' or 'dark'`,
      'set colorMode.defaultMode to light or dark',
    );
  }
  const social: SocialLink[] = config.footer.social;
  return { ...config, footer: { ...config.footer, social } };
}
