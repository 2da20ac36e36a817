// What a rebuild changed, as the open tabs need to know it: the routes whose page is another, or
// a change to the chrome around every page (config, sidebars, styles, assets, static files), which
// no morph of one page can bring.

import type { Manifest, RouteTarget } from '../../../client/contract/storage.ts';
import type { BuiltEvent } from './protocol.ts';

export interface BuildOutline {
  manifest: Manifest;
  routeTargets: Map<string, RouteTarget>;
}

/** The manifest without what names pages and their search: it differs only when the chrome does. */
function chromeOf({ buildId: _id, builtAt: _at, routeBuckets: _routes, search: _search, llms: _llms, ...chrome }: Manifest) {
  return JSON.stringify(chrome);
}

/** The routes whose target differs between two builds (added and removed ones too). */
export function changedRoutes(before: Map<string, RouteTarget>, after: Map<string, RouteTarget>): string[] {
  const routes: string[] = [];
  for (const [route, target] of after) {
    const old = before.get(route);
    if (!old || JSON.stringify(old) !== JSON.stringify(target)) routes.push(route);
  }
  for (const route of before.keys()) if (!after.has(route)) routes.push(route);
  return routes.sort();
}

/** The event the tabs hear after `after` replaces `before`; `staticChanged`: a file of static/ changed. */
export function buildEvent(before: BuildOutline, after: BuildOutline, staticChanged: boolean): BuiltEvent {
  return {
    buildId: after.manifest.buildId,
    reload: staticChanged || chromeOf(before.manifest) !== chromeOf(after.manifest),
    routes: changedRoutes(before.routeTargets, after.routeTargets),
  };
}
