// The HTML document: a head written here with the page's style groups inline, the React app rendered
// into #__root, the boot data for hydration as inert JSON, and the hashed module script.

import { renderToString } from 'react-dom/server';
import { App, type ServerPage } from '../../client/App.tsx';
import { DocPage } from '../../client/components/DocPage.tsx';
import { FooterBottom, FooterSocial } from '../../client/components/Footer.tsx';
import { Logo } from '../../client/components/Navbar.tsx';
import { SidebarMenu } from '../../client/components/Sidebar.tsx';
import { SearchButton } from '../../client/components/SearchButton.tsx';
import { SearchPage } from '../../client/components/SearchPage.tsx';
import { StatusPage } from '../../client/components/StatusPages.tsx';
import { documentTitle } from '../../client/contract/document-title.ts';
import type { BootData } from '../../client/contract/boot.ts';
import type { Manifest } from '../../client/contract/storage.ts';
import type { PageData } from '../../client/contract/page.ts';
import type { SidebarView } from '../../client/contract/sidebar.ts';
import type { StyleGroup } from '../../client/contract/assets.ts';
import { escapeHtml } from '../../client/contract/escape-html.ts';
import { themeScript, type ThemeChoice } from '../services/theme.ts';
import { headTagHtml } from './head-tags.ts';
import { islandScripts, islandStyles } from './island-assets.ts';
import { bootLoaderScript, lazyLayoutScript } from './inline-scripts.ts';
import { structuredData } from './structured-data.ts';
import { documentStyles, styleElement } from './document-styles.ts';

export { escapeHtml };

export interface DocumentInput {
  manifest: Manifest;
  boot: BootData;
  theme: ThemeChoice;
  /** The doc page shown (the boot data carries only its summary). */
  page?: PageData | null;
  /** The page's sidebar as rendered (the boot data names it; the browser reads its data file). */
  sidebar?: SidebarView;
  /** The doc page's markup from an earlier render (doc-page-markup.ts), written as it is instead of `page`'s tree. */
  docPage?: ServerPage;
}

/**
 * The whole document, as one string. Nothing on the server suspends (the page's data is read
 * before rendering), so React's string renderer gives the same markup as its stream, for less
 * CPU: the stream wrapped every few KB in a chunk of its own.
 */
export function renderDocument(given: DocumentInput): string {
  const styles = documentStyles(given.manifest.assets, given.page, {
    search: Boolean(given.boot.search),
    status: given.boot.status !== 200,
    webFont: given.theme.webFont,
  });
  const input = { ...given, boot: { ...given.boot, styleFiles: styles.files } };
  const { boot, page, sidebar, docPage } = input;
  const content = page && !docPage ? <DocPage page={page} /> : undefined;
  const app = renderToString(
    <App
      boot={boot}
      searchPage={SearchPage}
      statusPage={StatusPage}
      content={content}
      serverPage={docPage}
      menu={sidebar ? <SidebarMenu items={sidebar.items} window={sidebar.window} /> : undefined}
      chrome={{
        logo: <Logo />,
        searchButton: <SearchButton />,
        footerSocial: <FooterSocial />,
        footerBottom: <FooterBottom />,
      }}
    />,
  );
  return documentHead(input, styles.inline) + app + documentTail(input);
}

function documentHead({ manifest, boot, theme, page = null }: DocumentInput, styles: StyleGroup[]): string {
  const { site, assets } = manifest;
  const title = documentTitle(page, site, statusTitle(boot));
  const description = page?.description || site.tagline;
  const canonical = canonicalUrl(site.url, page?.route ?? (boot.search ? '/search' : undefined));
  const socialTitle = page?.route === '/' ? page.title : title;
  const lines = [
    '<!doctype html>',
    `<html lang="en" dir="ltr"${theme.webFont ? ' class="web-font"' : ''} data-theme="${theme.theme}" data-theme-preference="${theme.preference}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    page && page.keywords.length > 0 ? `<meta name="keywords" content="${escapeHtml(page.keywords.join(', '))}">` : '',
    // Error pages, search results and a sidebar's listing pages are not content for search engines to index.
    boot.status !== 200 || boot.search || page?.listing
      ? '<meta name="robots" content="noindex">'
      : canonical
        ? `<link rel="canonical" href="${escapeHtml(canonical)}">`
        : '',
    // Unlisted pages are for readers given the link, not for search engines (as Docusaurus marks them).
    page?.unlisted ? '<meta name="robots" content="noindex, nofollow">' : '',
    `<meta property="og:title" content="${escapeHtml(socialTitle)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="website">`,
    canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}">` : '',
    `<meta property="og:site_name" content="${escapeHtml(site.title)}">`,
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${escapeHtml(socialTitle)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    `<meta name="theme-color" content="${theme.theme === 'dark' ? '#070d1a' : '#ffffff'}">`,
    `<link rel="icon" href="${escapeHtml(site.favicon)}">`,
    `<script>${lazyLayoutScript}</script>`,
    // The style groups the page uses, inline: nothing is fetched before the first paint.
    ...styles.map((group) => styleElement(group.css, group.name)),
    // Older format (assets without style groups): goes once every kept build records `formats` (contract/storage.ts).
    // A build from before style groups inlines its whole stylesheet.
    assets.inlineStyle ? styleElement(assets.inlineStyle) : '',
    // Then the site's own stylesheets, so their rules win where both style the same thing.
    ...[...assets.styles, ...islandStyles(page)].map((style) => `<link rel="stylesheet" href="${style}">`),
    ...(manifest.head?.tags ?? []).map(headTagHtml),
    theme.needsScript ? `<script>${themeScript}</script>` : '',
    // Data blocks, never executed, so the CSP's script-src does not apply to them.
    ...(page && boot.status === 200 && canonical ? structuredData({ site, page, canonical }) : []).map(
      (block) => `<script type="application/ld+json">${serialiseJson(block)}</script>`,
    ),
    '</head>',
    '<body>',
    '<div id="__root">',
  ];
  return lines.filter(Boolean).join('\n');
}

/**
 * The canonical and social URL of a route: on the site's configured `url` only, never the host a
 * request named (anyone can send any `Host`). No route (a missing page, an error) or no configured
 * `url`: none, and the head leaves canonical and `og:url` out.
 */
function canonicalUrl(siteUrl: string, route: string | undefined): string | undefined {
  if (route === undefined || !siteUrl) return undefined;
  try {
    return new URL(route, siteUrl).href;
  } catch {
    return undefined;
  }
}

/** The title of a page that is not a doc: search, not found, failed to build, unavailable. */
function statusTitle(boot: BootData): string {
  if (boot.search) return 'Search';
  if (boot.broken) return `Build error: ${boot.broken.title}`;
  return boot.status === 404 ? 'Page Not Found' : 'Unavailable';
}

// The client starts after the first paint (inline-scripts.ts): its script, chunks and the
// sidebar's data file (which the first navigation, or completing a large sidebar, needs) are
// requested then, all at once, so none of them competes with the HTML, CSS and font the paint needs.
function documentTail({ boot, manifest, page }: DocumentInput): string {
  const preloads = [...manifest.assets.modulePreloads, ...islandScripts(page)];
  const sidebarFile = boot.sidebar && boot.sidebarFiles[boot.sidebar.id];
  const data = [
    `data-src="${escapeHtml(manifest.assets.script)}"`,
    `data-preload="${escapeHtml(preloads.join(' '))}"`,
    sidebarFile ? `data-sidebar="${escapeHtml(sidebarFile)}"` : '',
  ];
  return [
    '</div>',
    `<script type="application/json" id="__boot">${serialiseJson(boot)}</script>`,
    `<script id="__start" ${data.filter(Boolean).join(' ')}>${bootLoaderScript}</script>`,
    diagramScriptTag(manifest, page),
    '</body>',
    '</html>\n',
  ].join('\n');
}

/** The diagram chunk, on a page with a ```mermaid diagram only (its `mermaid` style group says so). */
function diagramScriptTag(manifest: DocumentInput['manifest'], page: DocumentInput['page']): string {
  const script = manifest.assets.diagramScript;
  return script && page?.styles?.includes('mermaid')
    ? `<script type="module" src="${escapeHtml(script)}"></script>`
    : '';
}

/** JSON that cannot close its <script> element or break a line in old parsers. */
export function serialiseJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
