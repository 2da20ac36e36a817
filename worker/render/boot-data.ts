// What the browser needs to hydrate a page: the build, the site, this page and its own sidebar
// as rendered. Nothing in it grows with the number of pages elsewhere in the site.

import {
  currentVersionName,
  type BootData,
  type Manifest,
  type PageData,
  type SidebarView,
} from '../../client/model.ts';
import { latestVersion } from '../../client/versions.ts';
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
    // Outside the docs (search, 404) the reader is in the last version.
    sidebarFiles: sidebarFiles(manifest, page?.version ?? latestVersion(manifest.site)?.name ?? currentVersionName),
    page,
    status,
    theme: theme.theme,
    themePreference: theme.preference,
    announcementDismissed: dismissed,
    searchStyle: manifest.assets.searchStyle,
  };
}
