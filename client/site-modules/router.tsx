// `@docusaurus/router` for site components: React Router's location and history, as Docusaurus's
// router gives them. The build's render is at the page's route; in the browser the location follows
// back, forward and `history.push`, which leads into the site's client-side navigation (the app
// navigates on `popstate` to a page other than the one on screen).

import { useEffect, useSyncExternalStore } from 'react';
import { currentLocation, currentPathname, type RouterLocation } from './current-location.ts';
import { matchPath, type Match, type MatchOptions } from './match-path.ts';

export { matchPath };
export type { RouterLocation as Location };

type To = string | Partial<Pick<RouterLocation, 'pathname' | 'search' | 'hash'>>;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

export function useLocation(): RouterLocation {
  return useSyncExternalStore(subscribe, currentLocation, currentLocation);
}

function createHref(to: To): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? currentPathname()}${to.search ?? ''}${to.hash ?? ''}`;
}

function go(to: To, state: unknown, replace: boolean): void {
  const url = new URL(createHref(to), window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (replace) window.history.replaceState(state ?? null, '', path);
  else window.history.pushState(state ?? null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state }));
}

export interface History {
  readonly length: number;
  readonly action: 'POP' | 'PUSH' | 'REPLACE';
  readonly location: RouterLocation;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  goBack(): void;
  goForward(): void;
  listen(listener: (location: RouterLocation) => void): () => void;
  createHref(to: To): string;
  block(): () => void;
}

const history: History = {
  get length() {
    return typeof window === 'undefined' ? 1 : window.history.length;
  },
  action: 'POP',
  get location() {
    return currentLocation();
  },
  push: (to, state) => go(to, state, false),
  replace: (to, state) => go(to, state, true),
  go: (delta) => window.history.go(delta),
  goBack: () => window.history.back(),
  goForward: () => window.history.forward(),
  listen: (listener) =>
    typeof window === 'undefined' ? () => undefined : subscribe(() => listener(currentLocation())),
  createHref,
  block: () => () => undefined,
};

export function useHistory(): History {
  return history;
}

export function useRouteMatch(options?: string | MatchOptions): Match | null {
  const { pathname } = useLocation();
  return options === undefined
    ? { path: '/', url: '/', isExact: pathname === '/', params: {} }
    : matchPath(pathname, options);
}

/** Docusaurus's routes have no parameters. */
export function useParams(): Record<string, string> {
  return {};
}

/** React Router's `<Redirect>`: the build renders nothing; the browser goes on mount. */
export function Redirect({ to, push = false }: { to: To; push?: boolean }) {
  useEffect(() => go(to, undefined, !push), [to, push]);
  return null;
}
