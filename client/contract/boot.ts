// What the server hands the browser to hydrate, embedded in the HTML as JSON.

import type { PageData, BrokenPage } from './page.ts';
import type { SearchPageData } from './search-page.ts';
import type { RenderedSidebar } from './sidebar.ts';
import type { SiteConfig, ThemeName, ThemePreference } from './site-config.ts';

/**
 * What the boot data carries of a page: what the layout around it needs. The page itself is in
 * the HTML, which the browser keeps as it is, so sending its tree or TOC too would send it twice.
 */
export type BootPage = Pick<
  PageData,
  'route' | 'title' | 'sidebar' | 'className' | 'version' | 'versions' | 'islandAssets' | 'noFooter' | 'layout'
>;

/** What the server hands the browser to hydrate; embedded in the HTML as JSON. */
export interface BootData {
  buildId: string;
  site: SiteConfig;
  /** The page's own sidebar: which one, and whether it was rendered in part. */
  sidebar?: RenderedSidebar;
  /**
   * URL of the data file of every sidebar of the page's docs version, by id (a version has a
   * handful), and of the page's own sidebar.
   */
  sidebarFiles: Record<string, string>;
  page: BootPage | null;
  /** Set on `/search`: results rendered on the server. */
  search?: SearchPageData;
  /** 200, or: the route is unknown (404), the store failed (503), in a dev build the page failed to build (500). */
  status: 200 | 404 | 500 | 503;
  /** The build problems of this route's page, when it failed to build (dev builds only). */
  broken?: BrokenPage;
  theme: ThemeName;
  themePreference: ThemePreference;
  announcementDismissed: boolean;
  /** The search modal's stylesheet, loaded with its lazy chunk. */
  searchStyle?: string;
  /** The diagram chunk (ClientAssets.diagramScript), for a navigation to a page with a diagram. */
  diagramScript?: string;
  /**
   * Every style group by name, in cascade order, with the file of each one this page did not
   * inline ('' for those it did): client-side navigation links the ones the next page needs.
   */
  styleFiles?: Record<string, string>;
}
