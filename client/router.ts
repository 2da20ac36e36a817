// Client-side navigation: same-origin links to known routes load the next page's data
// instead of reloading; links are prefetched on hover and when they scroll into view.

import type NProgressType from 'nprogress';
import { pageDataPath, type PageData } from './model.ts';

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

/** The route a click should handle itself, or undefined to let the browser do it. */
export function routeOfLink(anchor: HTMLAnchorElement, event: MouseEvent, routes: Set<string>): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return undefined;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return undefined;
  url.pathname = normalisePath(url.pathname);
  if (!routes.has(url.pathname)) return undefined;
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
