// The whole page UI, shared by the server render and the browser's take-over (take-over.tsx, on
// the reader's first intent). Holds the current page and the sidebar state; handles client-side
// navigation. The reader's theme is the first load's (theme-control.ts), read through a store.

import {
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { SiteContext, type SiteContextValue } from './context.ts';
import type { BootData } from './contract/boot.ts';
import type { SearchPageData } from './contract/search-page.ts';
import type { ThemePreference } from './contract/site-config.ts';
import { searchLimits } from './contract/search-protocol.ts';
import { AnnouncementBar } from './components/AnnouncementBar.tsx';
import { Footer } from './components/Footer.tsx';
import { Navbar } from './components/Navbar.tsx';
import type { StatusPageProps } from './components/StatusPages.tsx';
import type { NavigationHost, View } from './view.ts';
import type { SearchScope } from './open-search.ts';
import type { ThemeStore } from './theme-control.ts';
import { readPreferredVersion, savePreferredVersion } from './preferred-version.ts';
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
  /** In the browser: the doc page's server markup, read before hydration (see take-over.tsx). */
  serverPage?: ServerPage;
  /**
   * In the browser: the first page's sidebar as the server rendered it, kept as it is (its categories
   * open and close without script) until navigation renders a sidebar.
   */
  serverSidebar?: { __html: string };
  /** The layout's static parts: rendered on the server, kept as server markup in the browser. */
  chrome: StaticChrome;
  /** In the browser: the reader's colour mode, which the first load keeps (on the server, the boot data's). */
  theme?: ThemeStore;
  /** In the browser: the link whose pointer, focus or touch brought React in; its page is fetched at once. */
  intent?: Element | null;
  /** In the browser: called once the App has taken the page over, with what the first load calls on. */
  connect?: (app: AppHandle) => void;
}

/** What the first load calls on once React has taken the page over (entry.tsx). */
export interface AppHandle {
  /** Client-side navigation to a page of this site. */
  navigate: (url: URL) => void;
  /** What the search button searches now. */
  searchScope: () => SearchScope;
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
  theme,
  intent,
  connect,
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
  const serverTheme = () => boot.themePreference;
  const themePreference = useSyncExternalStore<ThemePreference>(
    theme?.subscribe ?? noSubscription,
    theme?.get ?? serverTheme,
    theme?.get ?? serverTheme,
  );
  const [expanded, setExpandedState] = useState<Record<string, boolean>>({});
  // Read after hydration: the server cannot know it, and the first render must match the server's.
  const [preferredVersion, setPreferred] = useState<string | null>(null);
  useEffect(() => setPreferred(readPreferredVersion()), []);
  const setPreferredVersion = useCallback((name: string) => {
    savePreferredVersion(name);
    setPreferred(name);
  }, []);
  // The route on screen, for history entries that differ from it only by their hash. Set with the
  // view, in the task that puts its address in the history, not once React has drawn it: a back press
  // in between (a fast reader, a busy machine) must see that it leaves the new page, or the old
  // address would show the new page.
  const shownRoute = useRef(view.route);

  // What the navigation chunk reads and sets, as of the latest render.
  const host = useRef<NavigationHost>(null!);
  host.current = {
    boot,
    view,
    setView: (next) => {
      if (typeof next !== 'function') shownRoute.current = next.route;
      setView(next);
    },
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

  // Prefetch on hover/focus and when links scroll into view. The navigation chunk itself (and with
  // it the rest of a large sidebar the server rendered in part) comes with the first pointer, focus
  // or touch on a link: at once when such a link brought React in, or after a navigation.
  const firstIntent = useRef(intent);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    const start = (anchor: Element | null | undefined) => {
      removeTriggers();
      void loadNavigation().then((navigation) => {
        if (!live) return;
        stop = navigation.prefetchLinks(() => host.current, anchor);
        navigation.completeFirstSidebar(() => host.current);
      });
    };
    const onIntent = (event: Event) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (anchor) start(anchor);
    };
    const triggers = ['mouseover', 'focusin', 'touchstart'] as const;
    const removeTriggers = () => {
      for (const type of triggers) document.removeEventListener(type, onIntent);
    };
    for (const type of triggers) document.addEventListener(type, onIntent, { passive: true });
    if (loadedNavigation || firstIntent.current) start(firstIntent.current);
    firstIntent.current = undefined;
    return () => {
      live = false;
      removeTriggers();
      stop?.();
    };
  }, [view.route]);

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

  // Last of the effects: the document's listeners above are in place when the first load hands over.
  useEffect(() => {
    connect?.({ navigate: (url) => navigate(url, true), searchScope: () => searchScope.current });
  }, [connect, navigate]);

  const page = view.page;
  // A React page brings its own landmarks (its `<main>`), as under Docusaurus's layout.
  const PageMain = page?.layout === 'component' ? 'div' : 'main';
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
    setThemePreference: theme?.set ?? noThemeChange,
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
          <PageMain id="__main" className="doc-container" tabIndex={-1}>
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
          </PageMain>
        )}
      </div>
      {page?.noFooter ? null : <Footer social={chrome.footerSocial} bottom={chrome.footerBottom} />}
    </SiteContext.Provider>
  );
}

const noSubscription = () => () => undefined;
/** On the server nothing changes the theme: no toggle is clicked there. */
const noThemeChange = () => undefined;
