// The site as the build resolved it: the configuration every page and the worker read.

export interface NavbarItem {
  label: string;
  href: string;
  position: 'left' | 'right';
  /** Open outside the current tab. */
  external: boolean;
  /** A doc or sidebar item's target while the reader is in another docs version, by version name. */
  byVersion?: Record<string, string>;
}

export interface SocialLink {
  name: string;
  href: string;
  /** Key of a built-in icon: discord, github, x, telegram, instagram, youtube, linkedin, link. */
  icon: string;
}

export interface FooterLink {
  label: string;
  href: string;
  newTab: boolean;
}

export interface AnnouncementBar {
  id: string;
  /** Trusted HTML from the site configuration. */
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

export type ThemeName = 'light' | 'dark';
export type ThemePreference = ThemeName | 'system';

export interface SiteConfig {
  title: string;
  /** Between a page's title and the site's in <title> (Docusaurus's `titleDelimiter`). */
  titleDelimiter: string;
  tagline: string;
  url: string;
  favicon: string;
  navbar: {
    title: string;
    logo: { alt: string; src: string; srcDark: string; href: string; target: '_self' | '_blank' };
    items: NavbarItem[];
    hideOnScroll: boolean;
  };
  footer: {
    social: SocialLink[];
    links: FooterLink[];
    copyright: string;
  };
  colorMode: {
    defaultMode: ThemeName;
    disableSwitch: boolean;
    respectPrefersColorScheme: boolean;
  };
  announcementBar?: AnnouncementBar;
  docs: {
    /** Label of the current version (the docs folder). */
    versionLabel: string;
    /** URL prefix of every doc route ('/' serves docs from the site root). */
    routeBasePath: string;
    /** The versions served, in the dropdown's order (newest first); one, `current`, without versions.json. */
    versions: DocsVersion[];
    /** Name of the version served at `routeBasePath` (versions.json's first, or `lastVersion`). */
    lastVersion: string;
  };
  onBrokenLinks: 'throw' | 'warn' | 'ignore';
  onBrokenMarkdownLinks: 'throw' | 'warn' | 'ignore';
  /** A link to a #fragment the linked page has no id for (Docusaurus's default: warn). */
  onBrokenAnchors: 'throw' | 'warn' | 'ignore';
  markdown: MarkdownDialect;
}

/** One docs version as the navbar's dropdown and a page's banner need it. */
export interface DocsVersion {
  /** `current` (the docs folder) or a name from versions.json. */
  name: string;
  label: string;
  /** Route prefix of its pages. */
  path: string;
  /** Where the dropdown leads when the page read has no counterpart in this version. */
  firstPage: string;
  /** The banner its pages show: none, unreleased (newer than the last version) or unmaintained. */
  banner: 'none' | 'unreleased' | 'unmaintained';
}

/** How pages are read, as Docusaurus's `markdown` option says (build only). */
export interface MarkdownDialect {
  /** 'mdx' reads every page as MDX; 'md' as CommonMark; 'detect' by extension (`.md` CommonMark, `.mdx` MDX). */
  format: 'mdx' | 'md' | 'detect';
  /** MDX 1 syntax Docusaurus 3 still accepts: `<!-- -->` comments, `:::note Title`, `## Title {#id}`. */
  mdx1Compat: { comments: boolean; admonitions: boolean; headingIds: boolean };
}

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
