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
import type {
  BootData,
  BootPage,
  SearchPageData,
  SidebarItem,
  SidebarView,
  ThemeName,
  ThemePreference,
} from './model.ts';
import { documentTitle, searchLimits, themeCookie, webFontCookie } from './model.ts';
import { AnnouncementBar } from './components/AnnouncementBar.tsx';
import { Footer } from './components/Footer.tsx';
import { Navbar } from './components/Navbar.tsx';
import { SearchButton } from './components/SearchButton.tsx';
import type { StatusPageProps } from './components/StatusPages.tsx';
import type { NavigationHost } from './navigation.tsx';
import { applyTheme, isThemePreference, readStored, saveThemePreference, writeCookie } from './preferences.ts';
import { readPreferredVersion, savePreferredVersion } from './versions.ts';
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

interface View {
  page: BootPage | null;
  /** The doc page as React elements: the server's render, or a page client-side navigation loaded. */
  content?: ReactNode;
  /** Or the first page in the browser, kept as the server sent it. */
  serverPage?: ServerPage;
  status: BootData['status'];
  route: string;
  /** Hash to scroll to once the view is on screen. */
  hash?: string;
  scroll: boolean;
}

export interface AppProps {
  boot: BootData;
  /** The search page: the server passes the component, the browser a lazy one (own chunk). */
  searchPage: ComponentType<{ initial: SearchPageData; maxQueryLength: number }>;
  /** The 404, 500 and 503 pages: likewise, the component on the server, a lazy one in the browser. */
  statusPage: ComponentType<StatusPageProps>;
  /** On the server: the doc page, rendered from the page data (the boot data carries only its summary). */
  content?: ReactNode;
  /** In the browser: the doc page's server markup, read before hydration (see entry.tsx). */
  serverPage?: ServerPage;
  /** On the server: the page's sidebar as rendered (whole, or pruned to the open path). */
  sidebar?: SidebarView;
  /** On the server: the component that renders a sidebar; the browser gets it with the navigation chunk. */
  sidebarMenu?: SidebarMenuComponent;
  /**
   * In the browser: the first page's sidebar as the server rendered it, kept as it is (its categories
   * open and close without script) until a navigation renders a sidebar.
   */
  serverSidebar?: { __html: string };
  /** The layout's static parts: rendered on the server, kept as server markup in the browser. */
  chrome: StaticChrome;
}

/** Parts of the layout that never change after load, so the browser needs no code to render them. */
export interface StaticChrome {
  logo: ReactNode;
  searchIcon: ReactNode;
  footerSocial: ReactNode;
  footerBottom: ReactNode;
}

export type SidebarMenuComponent = ComponentType<{ items: SidebarItem[] }>;

export function App({
  boot,
  searchPage: SearchPage,
  statusPage: StatusPage,
  content,
  serverPage,
  sidebar: rendered,
  sidebarMenu,
  serverSidebar,
  chrome,
}: AppProps) {
  const [view, setView] = useState<View>({
    page: boot.page,
    content,
    serverPage,
    status: boot.status,
    route: boot.page?.route ?? boot.broken?.route ?? (boot.search ? '/search' : ''),
    scroll: false,
  });
  const [theme, setTheme] = useState<ThemeName>(boot.theme);
  const [themePreference, setPreference] = useState<ThemePreference>(boot.themePreference);
  const [expanded, setExpandedState] = useState<Record<string, boolean>>({});
  // Set by client-side navigation (its own chunk): a spinner while a load is slow, an error panel
  // in place of the article when it failed.
  const [spinner, setSpinner] = useState<ReactNode>();
  const [loadError, setLoadError] = useState<ReactNode>();
  // Read after hydration: the server cannot know it, and the first render must match the server's.
  const [preferredVersion, setPreferred] = useState<string | null>(null);
  useEffect(() => setPreferred(readPreferredVersion()), []);
  const setPreferredVersion = useCallback((name: string) => {
    savePreferredVersion(name);
    setPreferred(name);
  }, []);
  // Sidebars by id: on the server the page's own as rendered; in the browser whole ones as
  // navigation loads them, with the component that renders them.
  const [sidebars, setSidebars] = useState<Record<string, SidebarView>>(() =>
    rendered ? { [rendered.id]: rendered } : {},
  );
  const [SidebarMenu, setSidebarMenu] = useState(() => sidebarMenu);
  // Run once the sidebars React renders have replaced the server's markup (before paint).
  const sidebarsRendered = useRef<() => void>(undefined);
  useLayoutEffect(() => sidebarsRendered.current?.(), [SidebarMenu]);
  // The route on screen, for history entries that differ from it only by their hash.
  const shownRoute = useRef(view.route);
  useEffect(() => {
    shownRoute.current = view.route;
  }, [view.route]);

  const setThemePreference = useCallback((preference: ThemePreference) => {
    saveThemePreference(preference);
    setPreference(preference);
    setTheme(applyTheme(preference));
  }, []);

  // What the navigation chunk reads and sets, as of the latest render.
  const host = useRef<NavigationHost>(null!);
  host.current = {
    boot,
    sidebars,
    addSidebar: (view) => setSidebars((known) => ({ ...known, [view.id]: view })),
    showSidebars: (component, opened, rendered) => {
      sidebarsRendered.current = rendered;
      setSidebarMenu(() => component);
      setExpandedState((state) => ({ ...opened, ...state }));
    },
    sidebarShown: SidebarMenu !== undefined,
    route: view.route,
    pageRoute: (url) =>
      url.origin === location.origin && isPagePath(url.pathname) ? normalisePath(url.pathname) : undefined,
    show: (page, content, route, hash) => setView({ page, content, status: 200, route, hash, scroll: true }),
    showError: setLoadError,
    showSpinner: setSpinner,
  };
  // A click before the navigation chunk has arrived waits for it; only if it cannot load does the
  // browser load the page itself.
  const navigate = useCallback((url: URL, push: boolean) => {
    loadNavigation().then(
      (navigation) => navigation.navigate(() => host.current, url, normalisePath(url.pathname), push),
      () => location.assign(url.href),
    );
  }, []);

  // After a navigation is on screen: title, focus-free scroll to the hash or the top.
  useEffect(() => {
    if (!view.scroll) return;
    document.title = documentTitle(view.page, boot.site);
    let shown = true;
    // Before the scroll: the tabs chosen change the heights above the target.
    void showSavedTabChoices().then(() => {
      if (!shown) return;
      scrollToTarget(view.hash ?? '');
      markActiveHeading();
    });
    return () => {
      shown = false;
    };
  }, [view, boot.site]);

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
        navigation.completeFirstSidebar(host.current);
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
        setTheme(applyTheme(event.newValue));
      }
    };
    const media = matchMedia('(prefers-color-scheme: dark)');
    const onMedia = () =>
      setPreference((current) => (current === 'system' ? (setTheme(applyTheme('system')), current) : current));
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

  const page = view.page;
  // A missing page still offers the main sidebar (the server sent it), so the reader can find the way on.
  const sidebarId = page?.sidebar ?? (view.status === 404 || view.status === 500 ? boot.sidebar?.id : undefined);
  const sidebar = sidebarId ? sidebars[sidebarId]?.items : undefined;
  const menu = sidebar && SidebarMenu ? <SidebarMenu items={sidebar} /> : undefined;
  // Only on the first page: any other page is shown once its sidebar has loaded.
  const sidebarMarkup = !menu && sidebarId === boot.sidebar?.id ? serverSidebar : undefined;
  const context: SiteContextValue = {
    site: boot.site,
    buildId: boot.buildId,
    sidebarMenu: menu ?? (sidebarMarkup ? <div dangerouslySetInnerHTML={sidebarMarkup} /> : undefined),
    route: view.route,
    page: view.status === 200 ? page : null,
    preferredVersion,
    setPreferredVersion,
    theme,
    themePreference,
    setThemePreference,
    expanded,
    setExpanded: useCallback(
      (key: string, open: boolean) => setExpandedState((state) => ({ ...state, [key]: open })),
      [],
    ),
    navigate: navigateTo,
    searchStyle: boot.searchStyle,
  };

  return (
    <SiteContext.Provider value={context}>
      <a className="skip-link" href="#__main">
        Skip to main content
      </a>
      <AnnouncementBar dismissed={boot.announcementDismissed} />
      <Navbar logo={chrome.logo} searchSlot={<SearchButton icon={chrome.searchIcon} />} />
      <div
        className={`main-wrapper${page?.className ? ` ${page.className}` : ''}${menu || sidebarMarkup ? ' main-wrapper-with-sidebar' : ''}`}
      >
        {menu ? (
          <aside className="doc-sidebar">{menu}</aside>
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
            {loadError ? (
              loadError
            ) : view.serverPage ? (
              <div
                key="server"
                className={view.serverPage.className}
                dangerouslySetInnerHTML={view.serverPage.markup}
                suppressHydrationWarning
              />
            ) : (
              view.content
            )}
            {spinner}
          </main>
        )}
      </div>
      <Footer social={chrome.footerSocial} bottom={chrome.footerBottom} />
    </SiteContext.Provider>
  );
}
