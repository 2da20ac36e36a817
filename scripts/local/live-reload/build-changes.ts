// What a rebuild changed, as the open tabs need to know it: the routes whose page is another, or
// a change to the chrome around every page (config, sidebars, styles, assets, static files), which
// no morph of one page can bring.

import type { Manifest, RouteTarget } from '../../../client/contract/storage.ts';
import type { BuiltEvent } from './protocol.ts';

export interface BuildOutline {
  manifest: Manifest;
  routeTargets: Map<string, RouteTarget>;
}

/** What names pages and their search: the rest of a manifest differs only when the chrome does. */
const pageKeys = new Set<string>(['buildId', 'builtAt', 'routeBuckets', 'search', 'llms']);

/** The manifest's parts of the chrome that differ between two builds (`site`, `sidebars`, `assets`…). */
export function chromeChanges(before: Manifest, after: Manifest): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const part = (manifest: Manifest, key: string) =>
    JSON.stringify((manifest as unknown as Record<string, unknown>)[key]);
  return [...keys].filter((key) => !pageKeys.has(key) && part(before, key) !== part(after, key)).sort();
}

/**
 * The routes whose target differs between two builds (added and removed ones too). A rebuild keeps
 * the target objects of the pages it did not touch: the same object is the same target, and only
 * the others are compared (at 100,000 pages, serialising every target twice took ~0.2 s an edit).
 */
export function changedRoutes(before: Map<string, RouteTarget>, after: Map<string, RouteTarget>): string[] {
  const routes: string[] = [];
  for (const [route, target] of after) {
    const old = before.get(route);
    if (old === target) continue;
    if (!old || JSON.stringify(old) !== JSON.stringify(target)) routes.push(route);
  }
  for (const route of before.keys()) if (!after.has(route)) routes.push(route);
  return routes.sort();
}

/** The event the tabs hear after `after` replaces `before`; `staticChanged`: a file of static/ changed. */
export function buildEvent(before: BuildOutline, after: BuildOutline, staticChanged: boolean): BuiltEvent {
  return {
    buildId: after.manifest.buildId,
    reload: staticChanged || chromeChanges(before.manifest, after.manifest).length > 0,
    routes: changedRoutes(before.routeTargets, after.routeTargets),
  };
}
