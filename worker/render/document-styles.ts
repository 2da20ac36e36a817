// Which style groups a document inlines: those every page has, the doc page's own (PageData.styles,
// decided by the build from its tree), the search page's, the status pages', and the web font's faces
// in its variant.
// The others are named in the boot data with their files, for client-side navigation to link when
// the next page needs them (and client/web-font.ts reads the faces' file on a first visit).

import type { StyleGroup } from '../../client/contract/assets.ts';
import type { PageData } from '../../client/contract/page.ts';
import type { StyledManifest } from '../../client/contract/storage.ts';

export interface DocumentStyles {
  /** The groups to inline, in cascade order. */
  inline: StyleGroup[];
  /** Every group in cascade order: its file when not inlined, '' when it is (BootData.styleFiles). */
  files: Record<string, string>;
}

/** What the document is besides its page: the search page, a status page, and whether it is in the web font. */
export interface DocumentKind {
  search: boolean;
  /** A 404, 500 or 503 page: styled without JavaScript, so its group is inlined. */
  status: boolean;
  webFont: boolean;
}

export function documentStyles(
  assets: StyledManifest['assets'],
  page: PageData | null | undefined,
  { search, status, webFont }: DocumentKind,
): DocumentStyles {
  const groups = assets.styleGroups ?? [];
  const needed = ({ name, scope }: StyleGroup) =>
    scope === 'every' ||
    (scope === 'search' && search) ||
    (scope === 'status' && status) ||
    (scope === 'web-font' && webFont) ||
    // Older format (a page without `styles`): goes once every kept build records `formats` (contract/storage.ts).
    // A page stored without its list (an older record) gets all its groups rather than too few.
    (scope === 'page' && !!page && (page.styles?.includes(name) ?? true));
  const inline = groups.filter(needed);
  return {
    inline,
    files: Object.fromEntries(groups.map((group) => [group.name, inline.includes(group) ? '' : group.href])),
  };
}

// Older format (assets without style groups): goes once every kept build records `formats` (contract/storage.ts).
/**
 * CSS as an element of the head, unable to close it early. A group is named, so the browser
 * knows which groups it has and where; a build from before groups has one unnamed stylesheet.
 */
export function styleElement(css: string, group?: string): string {
  return `<style${group ? ` data-style="${group}"` : ''}>${css.replace(/<\//g, '<\\/')}</style>`;
}
