// The site configuration: defaults, then `docusaurus.config.(js|ts)` when the folder
// has one (so a Docusaurus site serves unchanged), then `site.config.ts` on top.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FooterLink, NavbarItem, SiteConfig } from '../../client/model.ts';
import { BuildError } from './errors.ts';
import { loadModule } from './load-module.ts';
import { defaultMarkdownDialect } from './markdown-dialect.ts';
import { docusaurusConfigSchema, type DocusaurusConfig } from './schemas/docusaurus-config.ts';
import { parseWithFriendlyErrors, type Source } from './schemas/friendly-errors.ts';
import { siteConfigSchema, type SiteConfigInput, type SiteConfigPart } from './schemas/site-config.ts';
import { uniqueLine } from './schemas/source-lines.ts';

export type { SiteConfigInput };

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
  markdown: defaultMarkdownDialect,
};

export async function loadSiteConfig(siteDir: string): Promise<SiteConfig> {
  let config = defaultSiteConfig;
  for (const name of ['docusaurus.config.ts', 'docusaurus.config.js', 'docusaurus.config.mjs']) {
    const path = join(siteDir, name);
    if (existsSync(path)) {
      const raw = await importConfig(path, name);
      config = merge(config, fromDocusaurus(parseWithFriendlyErrors(docusaurusConfigSchema, raw, source(path, name))));
      break;
    }
  }
  const own = join(siteDir, 'site.config.ts');
  if (existsSync(own)) {
    const raw = await importConfig(own, 'site.config.ts');
    const part: SiteConfigPart = parseWithFriendlyErrors(siteConfigSchema, raw, source(own, 'site.config.ts'));
    config = merge(config, part);
  }
  return config;
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

/** The parts of a Docusaurus configuration we serve, in our own configuration's shape. */
function fromDocusaurus(config: DocusaurusConfig): SiteConfigPart {
  const theme = config.themeConfig ?? {};
  const asset = (src?: string) => (src && !/^([a-z][a-z\d+.-]*:|\/)/i.test(src) ? `/${src}` : src);
  const isExternal = (href?: string) => Boolean(href && /^[a-z][a-z\d+.-]*:/i.test(href));
  // Items without a label and a target (search, locale dropdown, html) are Docusaurus widgets we do not show.
  const items: NavbarItem[] = (theme.navbar?.items ?? []).flatMap((item) => {
    const href = asset(item.to) ?? item.href;
    if (!item.label || !href) return [];
    return [{ label: item.label, href, position: item.position ?? 'right', external: isExternal(item.href) }];
  });
  const footerLinks: FooterLink[] = (theme.footer?.links ?? []).flatMap((entry) =>
    (entry.items ?? [entry]).flatMap((link) =>
      link.label ? [{ label: link.label, href: asset(link.to) ?? link.href ?? '#', newTab: Boolean(link.href) }] : [],
    ),
  );
  const logo = theme.navbar?.logo;
  const policy = (severity: DocusaurusSeverity | undefined) => (severity === 'log' ? 'warn' : severity);
  const markdownHook = config.markdown?.hooks?.onBrokenMarkdownLinks;
  return {
    docs: { routeBasePath: classicDocsRouteBasePath(config) },
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    favicon: asset(config.favicon),
    onBrokenLinks: policy(config.onBrokenLinks),
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
      items,
    },
    footer: { links: footerLinks, copyright: theme.footer?.copyright },
    colorMode: theme.colorMode,
    announcementBar: theme.announcementBar,
  };
}

type DocusaurusSeverity = NonNullable<DocusaurusConfig['onBrokenLinks']>;

/** Docusaurus serves docs under /docs unless the classic preset's docs options set routeBasePath. */
function classicDocsRouteBasePath(config: DocusaurusConfig): string {
  for (const preset of config.presets ?? []) {
    if (!Array.isArray(preset) || !/classic/.test(preset[0])) continue;
    const docs = preset[1]?.docs;
    if (docs && docs.routeBasePath !== undefined) return docs.routeBasePath;
  }
  return '/docs';
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
