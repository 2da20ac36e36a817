// Client-side navigation: same-origin links that look like pages load the next page's data
// instead of reloading (a path the build does not have answers 404 there, and the browser then
// loads it as usual); links are prefetched on hover and when they scroll into view. The browser
// holds no list of the site's routes: a page carries only itself.

import type NProgressType from 'nprogress';
import type * as DocPageModule from './components/DocPage.tsx';
import { pageDataPath, type PageData, type SidebarItem } from './model.ts';

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

/** `/a/index.html` and `/a.html` → `/a`; trailing slash dropped. */
export function normalisePath(pathname: string): string {
  const cleaned = pathname
    .replace(/\/index\.html$/, '/')
    .replace(/\.html$/, '')
    .replace(/\/+$/, '');
  return cleaned === '' ? '/' : cleaned;
}

/**
 * A path that may be a doc page: not the worker's own endpoints or the static assets, and not a
 * file (`/llms.txt`, `/img/a.png`); `.html` paths are pages under their old names.
 */
export function isPagePath(pathname: string): boolean {
  if (/^\/(__|assets\/|1\/)/.test(pathname) || pathname === '/search') return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]+$/i.test(last) || /\.html$/i.test(last);
}

/** The route a click should handle itself, or undefined to let the browser do it. */
export function routeOfLink(anchor: HTMLAnchorElement, event: MouseEvent): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return undefined;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return undefined;
  if (!isPagePath(url.pathname)) return undefined;
  url.pathname = normalisePath(url.pathname);
  // Same page, other anchor: the browser scrolls by itself.
  if (url.pathname === normalisePath(location.pathname) && url.search === location.search && url.hash) return undefined;
  return url;
}

export class PageLoadFailure extends Error {
  constructor(
    message: string,
    readonly network: boolean,
  ) {
    super(message);
  }
}

const cache = new Map<string, Promise<PageData>>();

export function loadPage(buildId: string, route: string): Promise<PageData> {
  const key = pageDataPath(buildId, route);
  let pending = cache.get(key);
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
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

let pageRenderer: Promise<typeof DocPageModule> | undefined;

/**
 * The code that renders a doc page from its data. The first page is server markup, so this is
 * needed only from the first client-side navigation on: its own chunk, fetched with the first
 * page data (prefetch included).
 */
export function loadPageRenderer(): Promise<typeof DocPageModule> {
  if (!pageRenderer) {
    pageRenderer = import('./components/DocPage.tsx');
    pageRenderer.catch(() => (pageRenderer = undefined));
  }
  return pageRenderer;
}

/** Fetch a page's data and the renderer ahead of a click; a failure here is retried by the click. */
export function prefetchPage(buildId: string, route: string): void {
  loadPage(buildId, route).catch(() => undefined);
  loadPageRenderer().catch(() => undefined);
}

const sidebars = new Map<string, Promise<SidebarItem[]>>();

/** A sidebar's data file (immutable: the browser and this map keep it for every later page). */
export function loadSidebar(url: string): Promise<SidebarItem[]> {
  let pending = sidebars.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok) throw new PageLoadFailure(`The server answered ${response.status} for the sidebar`, false);
      return (await response.json()) as SidebarItem[];
    });
    sidebars.set(url, pending);
    pending.catch(() => sidebars.delete(url));
  }
  return pending;
}

export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return !(connection?.saveData || connection?.effectiveType === 'slow-2g');
}

/** Starts the progress bar only when a load takes longer than 200 ms; returns the stop function. */
export function startProgress(): () => void {
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

export function scrollToTarget(hash: string): void {
  const id = decodeURIComponent(hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}
