// A page's HTML as the worker sends it, rendered in Node from a build's manifest: what the site
// tests read of the served document (head, navbar, sidebar, scripts) without a worker.

import type { Manifest, StyledManifest } from '../../../client/contract/storage.ts';
import type { PageData } from '../../../client/contract/page.ts';
import { bootData } from '../../../worker/render/boot-data.ts';
import { renderDocument } from '../../../worker/render/document.tsx';
import type { SidebarView } from '../../../client/contract/sidebar.ts';

export type ThemeName = 'light' | 'dark';

/** The document of `page` in `theme` (light unless given), with the sidebar view given. */
export async function servedHtml(
  built: Manifest,
  page: PageData,
  { theme: name = 'light', sidebar }: { theme?: ThemeName; sidebar?: SidebarView } = {},
): Promise<string> {
  // A build's own manifest (not the one it stores) holds its style groups' CSS.
  const manifest = built as StyledManifest;
  const theme = { preference: name, theme: name, needsScript: false, webFont: false, variant: name } as const;
  const boot = bootData(manifest, page, 200, theme, false, sidebar);
  return new Response(await renderDocument({ manifest, boot, theme, page, sidebar })).text();
}
