// What every component may read: the site, the page on screen, the reader's theme and version.

import { createContext, useContext, type ReactNode } from 'react';
import type { PageData } from './contract/page.ts';
import type { SiteConfig, ThemePreference } from './contract/site-config.ts';

export interface SiteContextValue {
  site: SiteConfig;
  /** The current page's sidebar menu as shown (on the first page, the server's markup kept), for the drawer. */
  sidebarMenu?: ReactNode;
  route: string;
  /** The doc page shown (its version and the same doc in the other versions); null elsewhere. */
  page: Pick<PageData, 'route' | 'version' | 'versions'> | null;
  /** The docs version the reader chose last (localStorage); null before hydration or if never chosen. */
  preferredVersion: string | null;
  setPreferredVersion: (name: string) => void;
  themePreference: ThemePreference;
  setThemePreference: (preference: ThemePreference) => void;
  /** Collapsed state of sidebar categories by label path; kept across navigations. */
  expanded: Record<string, boolean>;
  setExpanded: (key: string, open: boolean) => void;
}

export const SiteContext = createContext<SiteContextValue | null>(null);

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() outside <SiteContext>');
  return value;
}
