// The head's start: what every document of a build opens with, whatever page it turns out to be.
// It depends on the build's manifest and the reader's theme alone, so a page request sends it as
// soon as its route is known, before the page's own data is read (routes/doc-pages.ts); the rest
// (title, the page's style groups, the body) follows in document.tsx. No React here: the start
// goes out before the renderers are loaded.

import type { StyleGroup, StyleScope } from '../../client/contract/assets.ts';
import type { StyledManifest } from '../../client/contract/storage.ts';
import { escapeHtml } from '../../client/contract/escape-html.ts';
import { themeScript, type ThemeChoice } from '../services/theme.ts';
import { lazyLayoutScript } from './inline-scripts.ts';
import { styleElement } from './document-styles.ts';

/** Scopes whose groups the theme alone decides: every document's, the web font's, and those never inlined. */
const startScopes = new Set<StyleScope>(['every', 'web-font', 'navigation', 'drawer']);

/**
 * How many of the build's style groups the start carries: the leading run whose inclusion needs
 * nothing of the page. The first group a page, the search page or a status page decides, and every
 * group after it, go in the rest, so the cascade order of the groups is kept.
 */
export function startGroupCount(groups: StyleGroup[]): number {
  const first = groups.findIndex((group) => !startScopes.has(group.scope));
  return first < 0 ? groups.length : first;
}

/** The start's inline groups, in cascade order. */
function startGroups(groups: StyleGroup[], webFont: boolean): StyleGroup[] {
  return groups
    .slice(0, startGroupCount(groups))
    .filter((group) => group.scope === 'every' || (group.scope === 'web-font' && webFont));
}

/**
 * From the doctype to the last element of the head that no page changes, ending with a newline;
 * the rest of the head and the body follow it (document.tsx `renderDocumentRest`).
 */
export function documentStart(manifest: StyledManifest, theme: ThemeChoice): string {
  const { site, assets } = manifest;
  const lines = [
    '<!doctype html>',
    `<html lang="en" dir="ltr"${theme.webFont ? ' class="web-font"' : ''} data-theme="${theme.theme}" data-theme-preference="${theme.preference}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="theme-color" content="${theme.theme === 'dark' ? '#070d1a' : '#ffffff'}">`,
    site.favicon ? `<link rel="icon" href="${escapeHtml(site.favicon)}">` : '',
    // Before any linked stylesheet, so that it waits for none and runs before the first layout.
    `<script>${lazyLayoutScript}</script>`,
    // The chrome's styles, inline: nothing is fetched before the first paint.
    ...startGroups(assets.styleGroups ?? [], theme.webFont).map((group) => styleElement(group.css, group.name)),
    theme.needsScript ? `<script>${themeScript}</script>` : '',
  ];
  return `${lines.filter(Boolean).join('\n')}\n`;
}

/**
 * The `Link` header of a page: what its first screen fetches that the HTML does not carry inline,
 * the site's own stylesheets (and a page's island stylesheets, once its data is known), so the
 * browser asks for them while the page is read. Cloudflare keeps these per URL and sends them as
 * 103 Early Hints on later requests. The web font and the module scripts are left out on purpose:
 * they are fetched after the first paint (client/web-font.ts, inline-scripts.ts), and a hint is
 * not told apart by cookie, so it would make every first visit fetch them before it.
 */
export function preloadLinks(stylesheets: string[]): string | undefined {
  // A URL the header could not carry as it is (a space, `>`, `,`, `;`, a quote) is left to the HTML.
  const unique = [...new Set(stylesheets)].filter((href) => /^[^\s<>,;"]+$/.test(href));
  if (unique.length === 0) return undefined;
  return unique.map((href) => `<${href}>; rel=preload; as=style`).join(', ');
}
