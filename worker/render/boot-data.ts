// What the browser needs to hydrate a page: the build, the site, this page and its own sidebar
// as rendered. Nothing in it grows with the number of pages elsewhere in the site, and the
// article is not in it: the HTML holds it already and the browser never re-renders it.

import {
  currentVersionName,
  type BootData,
  type BootPage,
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
    // A build from before the inline stylesheet renders the page from the boot data (ClientAssets.inlineStyle).
    page: page && (manifest.assets.inlineStyle === undefined ? page : summaryOf(page)),
    status,
    theme: theme.theme,
    themePreference: theme.preference,
    announcementDismissed: dismissed,
    searchStyle: manifest.assets.searchStyle,
  };
}

function summaryOf({ route, title, sidebar, className, version, versions, islandAssets }: PageData): BootPage {
  return {
    route,
    title,
    ...(sidebar ? { sidebar } : {}),
    ...(className ? { className } : {}),
    // The navbar's version dropdown: the page's version and its counterparts in the others.
    ...(version ? { version } : {}),
    ...(versions ? { versions } : {}),
    ...hydratedIslands(islandAssets),
  };
}

/** The article's site components that the browser hydrates (client/islands/hydrate.ts); CSS is in the head. */
function hydratedIslands(assets: PageData['islandAssets']): Pick<BootPage, 'islandAssets'> {
  const scripts = Object.entries(assets ?? {}).filter(([, entry]) => entry.script);
  return scripts.length > 0 ? { islandAssets: Object.fromEntries(scripts) } : {};
}
