// `@docusaurus/router` in a page evaluated at build time: the location is the page's route; the
// history has nowhere to go while the page is built.

import { currentLocation, type RouterLocation } from '../../../../client/site-modules/current-location.ts';
import { matchPath, type Match, type MatchOptions } from '../../../../client/site-modules/match-path.ts';
import Redirect from './redirect.ts';

export { matchPath, Redirect };

export function useLocation(): RouterLocation {
  return currentLocation();
}

const nowhere = () => undefined;

const history = {
  length: 1,
  action: 'POP' as const,
  get location() {
    return currentLocation();
  },
  push: nowhere,
  replace: nowhere,
  go: nowhere,
  goBack: nowhere,
  goForward: nowhere,
  listen: () => nowhere,
  createHref: (to: string | { pathname?: string; search?: string; hash?: string }) =>
    typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`,
  block: () => nowhere,
};

export function useHistory() {
  return history;
}

export function useRouteMatch(options?: string | MatchOptions): Match | null {
  const { pathname } = currentLocation();
  return options === undefined
    ? { path: '/', url: '/', isExact: pathname === '/', params: {} }
    : matchPath(pathname, options);
}

export function useParams(): Record<string, string> {
  return {};
}
