// What the browser needs to hydrate a page: the build, the site, this page and its own sidebar
// as rendered. Nothing in it grows with the number of pages elsewhere in the site, and the
// article is not in it: the HTML holds it already and the browser never re-renders it.

import type { BootData, Manifest, PageData, BootPage, SidebarView } from '../../client/model.ts';
import type { ThemeChoice } from '../services/theme.ts';
import { sidebarFiles } from './sidebar-view.ts';

export function bootData(
  manifest: Manifest,
  page: PageData | null,
  status: BootData['status'],
  theme: ThemeChoice,
  dismissed: boolean,
  sidebar?: SidebarView,
): BootData {
  return {
    buildId: manifest.buildId,
    site: manifest.site,
    ...(sidebar ? { sidebar } : {}),
    sidebarFiles: sidebarFiles(manifest),
    // A build from before the inline stylesheet renders the page from the boot data (ClientAssets.styles).
    page: page && (manifest.assets.styles ? page : summaryOf(page)),
    status,
    theme: theme.theme,
    themePreference: theme.preference,
    announcementDismissed: dismissed,
    searchStyle: manifest.assets.searchStyle,
  };
}

function summaryOf({ route, title, sidebar, className }: PageData): BootPage {
  return { route, title, ...(sidebar ? { sidebar } : {}), ...(className ? { className } : {}) };
}
