// Where site code runs: the page being built (its route), or the page on screen in the browser.
// Read when asked, not followed: hooks that follow navigation subscribe in router.ts.

import { buildRoute } from './build-route.ts';

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

/** The path as routes are written: no trailing slash, no `index.html`, as the worker serves them. */
export function routePath(pathname: string): string {
  const cleaned = pathname
    .replace(/\/index\.html$/, '/')
    .replace(/\.html$/, '')
    .replace(/\/+$/, '');
  return cleaned === '' ? '/' : cleaned;
}

export function currentPathname(): string {
  if (typeof window === 'undefined') return buildRoute() ?? '/';
  return routePath(window.location.pathname);
}

/** The same object while the location is the same, as React Router's `useLocation` gives it. */
let last: RouterLocation | undefined;
let lastHref = '';

export function currentLocation(): RouterLocation {
  if (typeof window === 'undefined') return { pathname: currentPathname(), search: '', hash: '', state: undefined };
  const { href, search, hash } = window.location;
  if (!last || href !== lastHref) {
    last = { pathname: currentPathname(), search, hash, state: window.history.state as unknown };
    lastHref = href;
  }
  return last;
}
