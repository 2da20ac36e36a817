// The site as the build resolved it: the configuration every page and the worker read, declared
// once as a schema and its types inferred from it. The build checks the site it resolved against it
// (defaults, a Docusaurus config and site.config.ts merged) before storing it; everyone else
// imports the types alone, so zod never reaches the browser (lint allows only type imports here).

import { z } from 'zod';

export const themeNames = ['light', 'dark'] as const;
export type ThemeName = (typeof themeNames)[number];
export type ThemePreference = ThemeName | 'system';

const linkPolicy = z.enum(['throw', 'warn', 'ignore']);

const navbarLinkSchema = z.object({
  label: z.string(),
  href: z.string(),
  /** Open outside the current tab. */
  external: z.boolean(),
  /** A doc or sidebar item's target while the reader is in another docs version, by version name. */
  byVersion: z.record(z.string(), z.string()).optional(),
});
export type NavbarLink = z.output<typeof navbarLinkSchema>;

export const navbarItemSchema = navbarLinkSchema.extend({
  position: z.enum(['left', 'right']),
  /** A dropdown's links (Docusaurus's `type: 'dropdown'`); its own href is its first link's. */
  items: z.array(navbarLinkSchema).optional(),
  /** Trusted HTML from the site configuration (Docusaurus's `type: 'html'`), drawn in place of a link. */
  html: z.string().optional(),
});
export type NavbarItem = z.output<typeof navbarItemSchema>;

export const socialLinkSchema = z.object({
  name: z.string(),
  href: z.string(),
  /** Key of a built-in icon: discord, github, x, telegram, instagram, youtube, linkedin, link. */
  icon: z.string(),
});
export type SocialLink = z.output<typeof socialLinkSchema>;

export const footerLinkSchema = z.object({ label: z.string(), href: z.string(), newTab: z.boolean() });
export type FooterLink = z.output<typeof footerLinkSchema>;

export const announcementBarSchema = z.object({
  id: z.string(),
  /** Trusted HTML from the site configuration. */
  content: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  isCloseable: z.boolean(),
});
export type AnnouncementBar = z.output<typeof announcementBarSchema>;

/** One docs version as the navbar's dropdown and a page's banner need it. */
export const docsVersionSchema = z.object({
  /** `current` (the docs folder) or a name from versions.json. */
  name: z.string(),
  label: z.string(),
  /** Route prefix of its pages. */
  path: z.string(),
  /** Where the dropdown leads when the page read has no counterpart in this version. */
  firstPage: z.string(),
  /** The banner its pages show: none, unreleased (newer than the last version) or unmaintained. */
  banner: z.enum(['none', 'unreleased', 'unmaintained']),
});
export type DocsVersion = z.output<typeof docsVersionSchema>;

/** How pages are read, as Docusaurus's `markdown` option says (build only). */
export const markdownDialectSchema = z.object({
  /** 'mdx' reads every page as MDX; 'md' as CommonMark; 'detect' by extension (`.md` CommonMark, `.mdx` MDX). */
  format: z.enum(['mdx', 'md', 'detect']),
  /** MDX 1 syntax Docusaurus 3 still accepts: `<!-- -->` comments, `:::note Title`, `## Title {#id}`. */
  mdx1Compat: z.object({ comments: z.boolean(), admonitions: z.boolean(), headingIds: z.boolean() }),
  /**
   * ```mermaid fences drawn as diagrams (`markdown.mermaid`), with Mermaid's theme for each colour
   * mode and the config's `themeConfig.mermaid.options` for `mermaid.initialize`.
   */
  mermaid: z
    .object({ light: z.string(), dark: z.string(), options: z.record(z.string(), z.unknown()).optional() })
    .optional(),
});
export type MarkdownDialect = z.output<typeof markdownDialectSchema>;
export type MermaidThemes = NonNullable<MarkdownDialect['mermaid']>;

export const siteConfigSchema = z.object({
  title: z.string(),
  /** Between a page's title and the site's in <title> (Docusaurus's `titleDelimiter`). */
  titleDelimiter: z.string(),
  tagline: z.string(),
  url: z.string(),
  favicon: z.string(),
  navbar: z.object({
    title: z.string(),
    logo: z.object({
      alt: z.string(),
      src: z.string(),
      srcDark: z.string(),
      href: z.string(),
      target: z.enum(['_self', '_blank']),
    }),
    items: z.array(navbarItemSchema),
    hideOnScroll: z.boolean(),
    /**
     * `false`: no docs version dropdown, as a Docusaurus navbar without a `docsVersionDropdown`
     * item has none. Absent: the dropdown is shown.
     */
    versionDropdown: z.literal(false).optional(),
  }),
  footer: z.object({
    social: z.array(socialLinkSchema),
    links: z.array(footerLinkSchema),
    copyright: z.string(),
  }),
  colorMode: z.object({
    defaultMode: z.enum(themeNames),
    disableSwitch: z.boolean(),
    respectPrefersColorScheme: z.boolean(),
  }),
  announcementBar: announcementBarSchema.optional(),
  docs: z.object({
    /** Label of the current version (the docs folder). */
    versionLabel: z.string(),
    /** URL prefix of every doc route ('/' serves docs from the site root). */
    routeBasePath: z.string(),
    /** The versions served, in the dropdown's order (newest first); one, `current`, without versions.json. */
    versions: z.array(docsVersionSchema),
    /** Name of the version served at `routeBasePath` (versions.json's first, or `lastVersion`). */
    lastVersion: z.string(),
    /**
     * The `docusaurus_tag` of each other docs plugin instance's pages: searched from every page, as
     * Docusaurus's contextual search asks for every docs plugin. Absent on a site without instances.
     */
    instanceTags: z.array(z.string()).optional(),
    /** Docusaurus's `showLastUpdateTime`: doc pages say when their source last changed (git history). */
    showLastUpdateTime: z.boolean().optional(),
  }),
  onBrokenLinks: linkPolicy,
  onBrokenMarkdownLinks: linkPolicy,
  /** A link to a #fragment the linked page has no id for (Docusaurus's default: warn). */
  onBrokenAnchors: linkPolicy,
  markdown: markdownDialectSchema,
  /**
   * Docusaurus's `trailingSlash: true`: pages are linked and served as `/docs/intro/`, and `/docs/intro`
   * redirects there (client/contract/urls.ts pagePath). Absent or false: the reverse.
   */
  trailingSlash: z.boolean().optional(),
});
export type SiteConfig = z.output<typeof siteConfigSchema>;

/** A tag a site's config adds to every page's head (Docusaurus `headTags`, `stylesheets`, `scripts`). */
export interface HeadTag {
  tagName: 'link' | 'meta' | 'script' | 'style';
  /** Escaped when written; an empty value is written as a bare attribute. */
  attributes: Record<string, string>;
  /** A style element's CSS (inline scripts are never kept). */
  innerHTML?: string;
}

/** Origins a site's own head tags and CSS load from: the CSP of its pages allows them. */
export interface SiteSources {
  script: string[];
  style: string[];
  font: string[];
}
