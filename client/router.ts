// Client-side navigation, the part the first load carries: which clicks it takes over (same-origin
// links that look like pages; a path the build does not have answers 404 there, and the browser then
// loads it as usual) and the loading of the rest (navigation.tsx). The browser holds no list of the
// site's routes: a page carries only itself.

import type * as Navigation from './navigation.tsx';
import { layOutWholePage } from './lazy-layout.ts';

let navigation: Promise<typeof Navigation> | undefined;
/** Set once the navigation chunk is here, so later pages use it without waiting a turn. */
export let loadedNavigation: typeof Navigation | undefined;

/** The navigation chunk, fetched once; a failed fetch is tried again by the next caller. */
export function loadNavigation(): Promise<typeof Navigation> {
  if (!navigation) {
    navigation = import('./navigation.tsx').then((module) => (loadedNavigation = module));
    navigation.catch(() => (navigation = undefined));
  }
  return navigation;
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

export function scrollToTarget(hash: string): void {
  const id = decodeURIComponent(hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (!target) {
    window.scrollTo(0, 0);
    return;
  }
  // The blocks above the target must have their real heights for it to land at the top.
  layOutWholePage();
  target.scrollIntoView();
}
