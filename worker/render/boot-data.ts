// What the browser needs to hydrate a page: the build, the site, its sidebars and this page.

import type { BootData, Manifest, PageData } from '../../client/model.ts';
import type { ThemeChoice } from '../services/theme.ts';

export function bootData(
  manifest: Manifest,
  page: PageData | null,
  status: BootData['status'],
  theme: ThemeChoice,
  dismissed: boolean,
): BootData {
  return {
    buildId: manifest.buildId,
    site: manifest.site,
    sidebars: manifest.sidebars,
    routes: Object.keys(manifest.routes),
    page,
    status,
    theme: theme.theme,
    themePreference: theme.preference,
    announcementDismissed: dismissed,
    searchStyle: manifest.assets.searchStyle,
  };
}
