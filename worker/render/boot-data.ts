// What the browser needs to hydrate a page: the build, the site, this page, and which sidebar it
// was rendered with and how. Nothing in it grows with the number of pages elsewhere in the site.
// Neither the article nor the sidebar's items are in it: the HTML holds the article, which the
// browser never re-renders, and the sidebar's data file (cached, shared by its pages) its items.

import { currentVersionName } from '../../client/contract/search-protocol.ts';
import { sidebarDataPath } from '../../client/contract/urls.ts';
import type { BootData, BootPage } from '../../client/contract/boot.ts';
import type { Manifest } from '../../client/contract/storage.ts';
import type { PageData } from '../../client/contract/page.ts';
import type { SidebarView } from '../../client/contract/sidebar.ts';
import { latestVersion } from '../../client/contract/versions.ts';
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
  // Outside the docs (search, 404) the reader is in the last version.
  const files = sidebarFiles(manifest, page?.version ?? latestVersion(manifest.site)?.name ?? currentVersionName);
  const ref = sidebar && manifest.sidebars[sidebar.id];
  return {
    buildId: manifest.buildId,
    site: manifest.site,
    // A missing page's sidebar is pruned for no route (''): still pruned, so the browser completes it.
    ...(sidebar
      ? {
          sidebar: {
            id: sidebar.id,
            ...(sidebar.prunedFor !== undefined ? { prunedFor: sidebar.prunedFor } : {}),
            ...(sidebar.listing !== undefined ? { listing: sidebar.listing } : {}),
          },
        }
      : {}),
    // The page's own sidebar among them, whichever version the sidebar a missing page offers is of.
    sidebarFiles: sidebar && ref && !ref.split ? { ...files, [sidebar.id]: sidebarDataPath(ref.hash) } : files,
    // Older format (assets without an inline stylesheet): goes once every kept build records `formats`.
    // A build from before the inline stylesheet renders the page from the boot data (ClientAssets.inlineStyle).
    page: page && (inlinesStyles(manifest) ? summaryOf(page) : page),
    status,
    theme: theme.theme,
    themePreference: theme.preference,
    announcementDismissed: dismissed,
    searchStyle: manifest.assets.searchStyle,
    ...(manifest.assets.diagramScript ? { diagramScript: manifest.assets.diagramScript } : {}),
  };
}

function inlinesStyles({ assets }: Manifest): boolean {
  return assets.styleGroups !== undefined || assets.inlineStyle !== undefined;
}

function summaryOf({
  route,
  title,
  sidebar,
  className,
  version,
  versions,
  islandAssets,
  noFooter,
  layout,
}: PageData): BootPage {
  return {
    route,
    title,
    ...(sidebar ? { sidebar } : {}),
    ...(noFooter ? { noFooter } : {}),
    ...(layout && layout !== 'docs' ? { layout } : {}),
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
