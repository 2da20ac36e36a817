// The whole page UI, shared by the server render and hydration. Holds the current page,
// the reader's theme and the sidebar state; handles client-side navigation.

import {
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { SiteContext, type SiteContextValue } from './context.ts';
import type { BootData, BootPage, SearchPageData, ThemePreference } from './model.ts';
import { searchLimits, themeCookie, webFontCookie } from './model.ts';
import { AnnouncementBar } from './components/AnnouncementBar.tsx';
import { Footer } from './components/Footer.tsx';
import { Navbar } from './components/Navbar.tsx';
import type { StatusPageProps } from './components/StatusPages.tsx';
import type { NavigationHost } from './navigation.tsx';
import { applyTheme, isThemePreference, readStored, saveThemePreference, writeCookie } from './preferences.ts';
import { readPreferredVersion, savePreferredVersion } from './versions.ts';
import { listenToSearch, type SearchScope } from './open-search.ts';
import { markActiveHeading, showSavedTabChoices } from './page-widgets.ts';
import { isPagePath, loadedNavigation, loadNavigation, normalisePath, routeOfLink, scrollToTarget } from './router.ts';

/**
 * The first doc page in the browser, as the server rendered it: React keeps this element with
 * its markup as they are (a stable object, so a re-render never writes it again).
 */
export interface ServerPage {
  className: string;
  markup: { __html: string };
}

/**
 * What the layout shows between the navbar and the footer. The first page's sidebar and article
 * stay the server's markup until client-side navigation (its own chunk) renders them: the code
 * that renders pages is not part of the first load.
 */
export interface View {
  page: BootPage | null;
  status: BootData['status'];
  route: string;
  /** The sidebar menu as navigation rendered it (null: the page has none); else the server's markup. */
  menu?: ReactNode;
  /** What the article's place shows instead of the server's markup: a page navigation loaded, or a load error. */
  article?: ReactNode;
  /** Beside the article while a load is slow. */
  spinner?: ReactNode;
  /** Runs once the view it came with is on screen, before paint. */
  rendered?: () => void;
}

export interface AppProps {
  boot: BootData;
  /** The search page: the server passes the component, the browser a lazy one (own chunk). */
  searchPage: ComponentType<{ initial: SearchPageData; maxQueryLength: number }>;
  /** The 404, 500 and 503 pages: likewise, the component on the server, a lazy one in the browser. */
  statusPage: ComponentType<StatusPageProps>;
  /** On the server: the doc page, rendered from the page data (the boot data carries only its summary). */
  content?: ReactNode;
  /** On the server: the page's sidebar menu, rendered from its view (whole, or pruned to the open path). */
  menu?: ReactNode;
  /** In the browser: the doc page's server markup, read before hydration (see entry.tsx). */
  serverPage?: ServerPage;
  /**
   * In the browser: the first page's sidebar as the server rendered it, kept as it is (its categories
   * open and close without script) until navigation renders a sidebar.
   */
  serverSidebar?: { __html: string };
  /** The layout's static parts: rendered on the server, kept as server markup in the browser. */
  chrome: StaticChrome;
}

/** Parts of the layout that never change after load, so the browser needs no code to render them. */
export interface StaticChrome {
  logo: ReactNode;
  searchButton: ReactNode;
  footerSocial: ReactNode;
  footerBottom: ReactNode;
}

/** The doc page's controls navigation calls once a page it loaded is on screen (page-widgets.ts, router.ts). */
const pageWidgets = { showSavedTabChoices, scrollToTarget, markActiveHeading };

export function App({
  boot,
  searchPage: SearchPage,
  statusPage: StatusPage,
  content,
  menu,
  serverPage,
  serverSidebar,
  chrome,
}: AppProps) {
  const [view, setView] = useState<View>({
    page: boot.page,
    status: boot.status,
    route: boot.page?.route ?? boot.broken?.route ?? (boot.search ? '/search' : ''),
    menu,
    article: content,
  });
  // Only when a view comes with its own: a spinner added to the view on screen keeps the function.
  const { rendered } = view;
  useLayoutEffect(() => rendered?.(), [rendered]);
  const [themePreference, setPreference] = useState<ThemePreference>(boot.themePreference);
  const [expanded, setExpandedState] = useState<Record<string, boolean>>({});
  // Read after hydration: the server cannot know it, and the first render must match the server's.
  const [preferredVersion, setPreferred] = useState<string | null>(null);
  useEffect(() => setPreferred(readPreferredVersion()), []);
  const setPreferredVersion = useCallback((name: string) => {
    savePreferredVersion(name);
    setPreferred(name);
  }, []);
  // The route on screen, for history entries that differ from it only by their hash.
  const shownRoute = useRef(view.route);
  useEffect(() => {
    shownRoute.current = view.route;
  }, [view.route]);

  const setThemePreference = useCallback((preference: ThemePreference) => {
    saveThemePreference(preference);
    setPreference(preference);
    applyTheme(preference);
  }, []);

  // What the navigation chunk reads and sets, as of the latest render.
  const host = useRef<NavigationHost>(null!);
  host.current = {
    boot,
    view,
    setView,
    keepExpanded: (opened) => setExpandedState((state) => ({ ...opened, ...state })),
    pageRoute: (url) =>
      url.origin === location.origin && isPagePath(url.pathname) ? normalisePath(url.pathname) : undefined,
    pageWidgets,
  };
  // A click before the navigation chunk has arrived waits for it; only if it cannot load does the
  // browser load the page itself.
  const navigate = useCallback((url: URL, push: boolean) => {
    loadNavigation().then(
      (navigation) => navigation.navigate(() => host.current, url, normalisePath(url.pathname), push),
      () => location.assign(url.href),
    );
  }, []);

  // Links anywhere on the page (content included) navigate without a reload.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!anchor) return;
      // A link that picks a docs version (the version banner's): here, not in its own onClick,
      // since the first page's markup is the server's and React gives it no handlers.
      if (anchor.dataset.preferredVersion) setPreferredVersion(anchor.dataset.preferredVersion);
      const url = routeOfLink(anchor, event);
      if (!url) return;
      event.preventDefault();
      navigate(url, true);
    };
    // Back, forward or a fragment link (the skip link) within the page on screen: the browser has
    // already scrolled and moved focus; rendering the page anew would take away the focused element.
    const onPopState = () => {
      if (normalisePath(location.pathname) !== shownRoute.current) navigate(new URL(location.href), false);
    };
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPopState);
    };
  }, [navigate, setPreferredVersion]);

  // Prefetch on hover/focus and when links scroll into view. The navigation chunk itself comes with
  // the first pointer, focus or touch on a link, or once the page has been idle a while (and with
  // it the rest of a large sidebar the server rendered in part).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    const start = (event?: Event) => {
      const anchor = (event?.target as Element | null | undefined)?.closest?.('a[href]');
      if (event && !anchor) return;
      removeTriggers();
      void loadNavigation().then((navigation) => {
        if (!live) return;
        stop = navigation.prefetchLinks(() => host.current, anchor);
        navigation.completeFirstSidebar(() => host.current);
      });
    };
    const triggers = ['mouseover', 'focusin', 'touchstart'] as const;
    const removeTriggers = () => {
      clearTimeout(idle);
      for (const type of triggers) document.removeEventListener(type, start);
    };
    const idle = setTimeout(start, loadedNavigation ? 0 : 2000);
    for (const type of triggers) document.addEventListener(type, start, { passive: true });
    return () => {
      live = false;
      removeTriggers();
      stop?.();
    };
  }, [view.route]);

  // Theme: follow other tabs, the OS (for 'system'), and a localStorage choice the cookie lost.
  useEffect(() => {
    const stored = readStored(themeCookie);
    if (isThemePreference(stored) && stored !== boot.themePreference) setThemePreference(stored);
    const onStorage = (event: StorageEvent) => {
      if (event.key === themeCookie && isThemePreference(event.newValue)) {
        setPreference(event.newValue);
        applyTheme(event.newValue);
      }
    };
    const media = matchMedia('(prefers-color-scheme: dark)');
    const onMedia = () =>
      setPreference((current) => {
        if (current === 'system') applyTheme('system');
        return current;
      });
    window.addEventListener('storage', onStorage);
    media.addEventListener('change', onMedia);
    document.documentElement.dataset.hydrated = 'true';
    // A first visit painted in the fallback font: fetch the web font for the next page load.
    if (!document.documentElement.classList.contains('web-font'))
      void import('./web-font.ts').then((module) => module.fetchWebFontForLater(() => writeCookie(webFontCookie, '1')));
    return () => {
      window.removeEventListener('storage', onStorage);
      media.removeEventListener('change', onMedia);
    };
  }, [boot.themePreference, setThemePreference]);

  const navigateTo = useCallback(
    (href: string) => {
      const url = new URL(href, location.href);
      if (url.origin === location.origin && isPagePath(url.pathname)) navigate(url, true);
      else location.assign(url.href);
    },
    [navigate],
  );

  // What the search button searches: the version of the page on screen.
  const searchScope = useRef<SearchScope>(null!);
  searchScope.current = {
    site: boot.site,
    page: view.status === 200 ? view.page : null,
    preferredVersion,
    navigate: navigateTo,
    styleHref: boot.searchStyle,
  };
  useEffect(() => listenToSearch(() => searchScope.current), []);

  const page = view.page;
  // Until navigation renders sidebars, the first page's sidebar is the server's markup.
  const sidebarMarkup = view.menu === undefined ? serverSidebar : undefined;
  const context: SiteContextValue = {
    site: boot.site,
    sidebarMenu: view.menu ?? (sidebarMarkup ? <div dangerouslySetInnerHTML={sidebarMarkup} /> : undefined),
    route: view.route,
    page: view.status === 200 ? page : null,
    preferredVersion,
    setPreferredVersion,
    themePreference,
    setThemePreference,
    expanded,
    setExpanded: useCallback(
      (key: string, open: boolean) => setExpandedState((state) => ({ ...state, [key]: open })),
      [],
    ),
  };

  return (
    <SiteContext.Provider value={context}>
      <a className="skip-link" href="#__main">
        Skip to main content
      </a>
      <AnnouncementBar dismissed={boot.announcementDismissed} />
      <Navbar logo={chrome.logo} searchSlot={chrome.searchButton} />
      <div
        className={`main-wrapper${page?.className ? ` ${page.className}` : ''}${view.menu || sidebarMarkup ? ' main-wrapper-with-sidebar' : ''}`}
      >
        {view.menu ? (
          <aside className="doc-sidebar">{view.menu}</aside>
        ) : sidebarMarkup ? (
          <aside className="doc-sidebar" dangerouslySetInnerHTML={sidebarMarkup} suppressHydrationWarning />
        ) : null}
        {boot.search && view.route === '/search' ? (
          <Suspense fallback={null}>
            <SearchPage initial={boot.search} maxQueryLength={searchLimits.queryLength} />
          </Suspense>
        ) : // A page with status 404 is a site's own not-found page (a 404 rule of `_redirects`).
        !page || view.status === 503 || (view.status === 500 && boot.broken) ? (
          <Suspense fallback={null}>
            <StatusPage status={view.status} broken={boot.broken} />
          </Suspense>
        ) : (
          <main id="__main" className="doc-container" tabIndex={-1}>
            {view.article ??
              (serverPage ? (
                <div
                  key="server"
                  className={serverPage.className}
                  dangerouslySetInnerHTML={serverPage.markup}
                  suppressHydrationWarning
                />
              ) : null)}
            {view.spinner}
          </main>
        )}
      </div>
      <Footer social={chrome.footerSocial} bottom={chrome.footerBottom} />
    </SiteContext.Provider>
  );
}
