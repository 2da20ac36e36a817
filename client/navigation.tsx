// Client-side navigation: loading the next page's data and its renderer, the progress bar, the
// spinner and the load error, scrolling, and prefetching links. A chunk of its own: the first page
// is server markup, so none of this runs before the reader points at, focuses or touches a link
// (or the page is idle). The first-load part (which clicks to take over) is router.ts; what this
// chunk needs of the first load comes through NavigationHost, so the two share no module (a shared
// chunk would cost the first load more than it saves).

import type NProgressType from 'nprogress';
import type { ReactNode } from 'react';
import type * as DocPageModule from './components/DocPage.tsx';
import { PageLoadError, Spinner } from './components/LoadStatus.tsx';
import { pageDataPath, type BootData, type PageData, type SidebarView } from './model.ts';

/** What navigation needs of the App: its current state, read at the time, and its setters. */
export interface NavigationHost {
  boot: BootData;
  /** The sidebars known so far, by id (the page's own, then whole ones as they load). */
  sidebars: Record<string, SidebarView>;
  /** Loads a sidebar whole from its data file and keeps it in the App's state. */
  completeSidebar: (id: string) => Promise<void>;
  /** The route on screen. */
  route: string;
  /** The route a link leads to, when it may be a page of this site. */
  pageRoute: (url: URL) => string | undefined;
  /** Puts a loaded page on screen; `content` is its rendered article. */
  show: (page: PageData, content: ReactNode, route: string, hash: string) => void;
  /** Shows a panel in place of the article (a load error), or takes it away (undefined). */
  showError: (panel: ReactNode) => void;
  /** Shows a spinner beside the article while a load is slow, or takes it away (undefined). */
  showSpinner: (spinner: ReactNode) => void;
}

const progressDelayMs = 200;
const trickleRate = 0.02;

/** nprogress is needed only once a load takes over 200 ms, so it is its own small chunk. */
let progressBar: Promise<typeof NProgressType> | undefined;
function loadProgressBar(): Promise<typeof NProgressType> {
  progressBar ??= import('nprogress').then(({ default: NProgress }) => {
    NProgress.configure({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false, easing: 'ease' });
    return NProgress;
  });
  return progressBar;
}

export class PageLoadFailure extends Error {
  constructor(
    message: string,
    readonly network: boolean,
  ) {
    super(message);
  }
}

const pages = new Map<string, Promise<PageData>>();

function loadPage(buildId: string, route: string): Promise<PageData> {
  const key = pageDataPath(buildId, route);
  let pending = pages.get(key);
  if (!pending) {
    pending = fetch(key, { credentials: 'same-origin' }).then(
      async (response) => {
        if (!response.ok) throw new PageLoadFailure(`The server answered ${response.status} for ${route}`, false);
        return (await response.json()) as PageData;
      },
      (error: unknown) => {
        throw new PageLoadFailure(
          `Could not reach the server (${error instanceof Error ? error.message : String(error)}). Check your network connection.`,
          true,
        );
      },
    );
    pages.set(key, pending);
    pending.catch(() => pages.delete(key));
  }
  return pending;
}

let pageRenderer: Promise<typeof DocPageModule> | undefined;

/**
 * The code that renders a doc page from its data: its own chunk (islands share it), fetched with
 * the first page data (prefetch included).
 */
function loadPageRenderer(): Promise<typeof DocPageModule> {
  if (!pageRenderer) {
    pageRenderer = import('./components/DocPage.tsx');
    pageRenderer.catch(() => (pageRenderer = undefined));
  }
  return pageRenderer;
}

/** Fetch a page's data and the renderer ahead of a click; a failure here is retried by the click. */
function prefetchPage(buildId: string, route: string): void {
  loadPage(buildId, route).catch(() => undefined);
  loadPageRenderer().catch(() => undefined);
}

function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return !(connection?.saveData || connection?.effectiveType === 'slow-2g');
}

/** Starts the progress bar only when a load takes longer than 200 ms; returns the stop function. */
function startProgress(): () => void {
  let trickle: ReturnType<typeof setInterval> | undefined;
  let started = false;
  let stopped = false;
  // Fetch the bar's code with the page, so it is there if the 200 ms pass.
  const bar = loadProgressBar();
  const timer = setTimeout(() => {
    void bar.then((NProgress) => {
      if (stopped) return;
      started = true;
      NProgress.start();
      trickle = setInterval(() => NProgress.inc(trickleRate), 800);
    });
  }, progressDelayMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    if (trickle) clearInterval(trickle);
    if (started) void bar.then((NProgress) => NProgress.done());
  };
}

/** Counts navigations: only the latest one may change the screen. */
let latest = 0;

/** Loads the page at `url` and puts it on screen; a failed load reloads, or offers Retry when offline. */
export async function navigate(host: NavigationHost, url: URL, route: string, push: boolean): Promise<void> {
  const id = ++latest;
  const { boot } = host;
  const stopProgress = startProgress();
  const spinner = setTimeout(() => id === latest && host.showSpinner(<Spinner />), 200);
  try {
    const [page, { DocPage, loadPageStyles }] = await Promise.all([loadPage(boot.buildId, route), loadPageRenderer()]);
    // A page of another docs version: its sidebars are not among this page's, so load it whole.
    if (page.sidebar && !boot.sidebarFiles[page.sidebar] && !host.sidebars[page.sidebar]) {
      location.assign(url.href);
      return;
    }
    // A page of another (or a partly rendered) sidebar appears with its sidebar whole.
    if (page.sidebar) await host.completeSidebar(page.sidebar);
    // And styled: the CSS of its code, diagrams or tabs, when this document has not got it yet.
    await loadPageStyles(page, boot.styleFiles);
    if (id !== latest) return;
    if (push) history.pushState(null, '', route + url.search + url.hash);
    host.showError(undefined);
    // Keyed by route: a new page gets new elements, never ones the page's controls changed (tabs).
    host.show(page, <DocPage key={route} page={page} />, route, url.hash);
  } catch (error) {
    if (id !== latest) return;
    console.warn('Client-side navigation failed; falling back to a full page load.', error);
    if (error instanceof PageLoadFailure && error.network)
      host.showError(<PageLoadError error={error.message} onRetry={() => void navigate(host, url, route, true)} />);
    else location.assign(url.href);
  } finally {
    clearTimeout(spinner);
    stopProgress();
    if (id === latest) host.showSpinner(undefined);
  }
}

/** Prefetch on hover/focus and when links scroll into view; returns the function that stops it. */
export function prefetchLinks(host: () => NavigationHost, first?: Element | null): () => void {
  if (!canPrefetch()) return () => undefined;
  const prefetch = (anchor: Element | null | undefined) => {
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const { boot, route, pageRoute } = host();
    const target = pageRoute(new URL(anchor.href, location.href));
    if (target && target !== route) prefetchPage(boot.buildId, target);
  };
  const onHover = (event: Event) => prefetch((event.target as Element | null)?.closest?.('a[href]'));
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        prefetch(entry.target);
        observer.unobserve(entry.target);
      }
    }
  });
  // The link that brought this chunk in: its pointer or focus came before the listeners.
  prefetch(first);
  const idle = setTimeout(
    () => document.querySelectorAll('.markdown a[href^="/"], .pagination-nav a').forEach((a) => observer.observe(a)),
    1000,
  );
  document.addEventListener('mouseover', onHover);
  document.addEventListener('focusin', onHover);
  document.addEventListener('touchstart', onHover, { passive: true });
  return () => {
    clearTimeout(idle);
    observer.disconnect();
    document.removeEventListener('mouseover', onHover);
    document.removeEventListener('focusin', onHover);
    document.removeEventListener('touchstart', onHover);
  };
}
