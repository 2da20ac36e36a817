// The HTML document: the head's start (document-start.ts), then the page's title and meta, the rest
// of its style groups inline, the React app rendered into #__root, the boot data for hydration as
// inert JSON, and the hashed module script.

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
import type { StyledManifest } from '../../client/contract/storage.ts';
import type { PageData, PageHead } from '../../client/contract/page.ts';
import { headTagKey } from '../../client/site-modules/page-head.ts';
import type { SidebarView } from '../../client/contract/sidebar.ts';
import type { StyleGroup } from '../../client/contract/assets.ts';
import { escapeHtml } from '../../client/contract/escape-html.ts';
import { pagePath } from '../../client/contract/urls.ts';
import type { ThemeChoice } from '../services/theme.ts';
import { headTagHtml } from './head-tags.ts';
import { islandScripts, islandStyles } from './island-assets.ts';
import { bootLoaderScript } from './inline-scripts.ts';
import { documentStart, startGroupCount } from './document-start.ts';
import { structuredData } from './structured-data.ts';
import { documentStyles, styleElement } from './document-styles.ts';

export { escapeHtml };

/** The boot data's element, right after the body's markup. */
const bootElementId = '__boot';

export interface DocumentInput {
  /** The build's manifest, its style groups with their CSS (services/style-sheet.ts). */
  manifest: StyledManifest;
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
 * The whole document, as one string: the head's start (document-start.ts) and the rest. A page
 * request sends the two apart (routes/doc-pages.ts); they are the same bytes either way.
 */
export function renderDocument(input: DocumentInput): string {
  return documentStart(input.manifest, input.theme) + renderDocumentRest(input);
}

/**
 * The document after the head's start: the page's title and meta, the style groups the start left,
 * the body. Nothing on the server suspends (the page's data is read before rendering), so React's
 * string renderer gives the same markup as its stream, for less CPU: the stream wrapped every few
 * KB in a chunk of its own.
 */
export function renderDocumentRest(given: DocumentInput): string {
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
        searchButton: <SearchButton instanceTags={boot.site.docs.instanceTags} />,
        footerSocial: <FooterSocial />,
        footerBottom: <FooterBottom />,
      }}
    />,
  );
  // The groups the start carried (a leading run of the build's groups) are not written again.
  const carried = new Set(
    (input.manifest.assets.styleGroups ?? []).slice(0, startGroupCount(input.manifest.assets.styleGroups ?? [])),
  );
  const rest = styles.inline.filter((group) => !carried.has(group));
  return documentHeadRest(input, rest) + app + documentTail(input);
}

function documentHeadRest({ manifest, boot, page = null }: DocumentInput, styles: StyleGroup[]): string {
  const { site, assets } = manifest;
  const title = documentTitle(page, site, statusTitle(boot));
  const description = page?.description || site.tagline;
  const route = page?.route ?? (boot.search ? '/search' : undefined);
  const canonical = canonicalUrl(site.url, route === undefined ? undefined : pagePath(route, site.trailingSlash));
  const socialTitle = page?.route === '/' ? page.title : title;
  const own = engineMeta(boot.status === 200 ? page?.head : undefined);
  const lines = [
    // Browsers take the title anywhere in the head; it is the page's, so it comes with the page.
    `<title>${escapeHtml(title)}</title>`,
    // The page is drawn first once its body is parsed (up to the boot data after it): over a slow
    // connection the browser would otherwise draw a half-parsed navbar, announcement, breadcrumb,
    // table or footer, then move it as the rest arrives (a layout shift). The body is a bounded
    // size at any site size (the sidebar is a window), and its layout stays lazy.
    `<link rel="expect" href="#${bootElementId}" blocking="render">`,
    own.meta('name', 'description', description),
    page && page.keywords.length > 0 ? own.meta('name', 'keywords', page.keywords.join(', ')) : '',
    // Error pages, search results and a sidebar's listing pages are not content for search engines to index.
    boot.status !== 200 || boot.search || page?.listing
      ? '<meta name="robots" content="noindex">'
      : canonical && !own.sets('link:canonical')
        ? `<link rel="canonical" href="${escapeHtml(canonical)}">`
        : '',
    // Unlisted pages are for readers given the link, not for search engines (as Docusaurus marks them).
    page?.unlisted ? '<meta name="robots" content="noindex, nofollow">' : '',
    own.meta('property', 'og:title', socialTitle),
    own.meta('property', 'og:description', description),
    own.meta('property', 'og:type', 'website'),
    canonical ? own.meta('property', 'og:url', canonical) : '',
    own.meta('property', 'og:site_name', site.title),
    own.meta('name', 'twitter:card', 'summary'),
    own.meta('name', 'twitter:title', socialTitle),
    own.meta('name', 'twitter:description', description),
    // The rest of the style groups the page uses, inline: nothing is fetched before the first paint.
    ...styles.map((group) => styleElement(group.css, group.name)),
    // Older format (assets without style groups): goes once every kept build records `formats` (contract/storage.ts).
    // A build from before style groups inlines its whole stylesheet.
    assets.inlineStyle ? styleElement(assets.inlineStyle) : '',
    // Then the site's own stylesheets, so their rules win where both style the same thing (the
    // response's Link header has the browser fetch them while the page is read).
    ...[...assets.styles, ...islandStyles(page)].map((style) => `<link rel="stylesheet" href="${style}">`),
    ...(manifest.head?.tags ?? []).map(headTagHtml),
    // The page's own `<Head>` tags, after the site's: the same name or property replaces ours above.
    ...(boot.status === 200 ? (page?.head?.tags ?? []) : []).map(headTagHtml),
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

/** Our meta tags, each left out when the page's `<Head>` sets the same name or property. */
function engineMeta(head: PageHead | undefined) {
  const taken = new Set((head?.tags ?? []).map(headTagKey).filter(Boolean));
  return {
    sets: (key: string) => taken.has(key),
    meta: (attribute: 'name' | 'property', key: string, content: string) =>
      taken.has(`${attribute}:${key}`) ? '' : `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`,
  };
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
    `<script type="application/json" id="${bootElementId}">${serialiseJson(boot)}</script>`,
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
