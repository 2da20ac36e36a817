// What the browser needs to hydrate a page: the build, the site, this page and its own sidebar
// as rendered. Nothing in it grows with the number of pages elsewhere in the site, and the
// article is not in it: the HTML holds it already and the browser never re-renders it.

import type { BootData, Manifest, PageData, PageSummary, SidebarView } from '../../client/model.ts';
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
    page: page && summaryOf(page),
    status,
    theme: theme.theme,
    themePreference: theme.preference,
    announcementDismissed: dismissed,
    searchStyle: manifest.assets.searchStyle,
  };
}

function summaryOf({ tree: _tree, ...summary }: PageData): PageSummary {
  return summary;
}
