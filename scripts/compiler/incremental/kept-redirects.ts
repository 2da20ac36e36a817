// The routes `_redirects` and the redirects plugin give a target, as a one-page rebuild makes them
// again. A full build sets them over the pages' targets once (addRedirectTargets); a rebuild's
// table already holds them, so it keeps what each of those routes had before the redirects (its
// own page, a broken page or nothing) and works each out again as a full build would: a rewrite's
// copy follows its page, and a rewrite whose page broke falls back as it would in a full build.

import type { RouteTarget } from '../../../client/contract/storage.ts';
import { exactRouteTargets } from '../navigation/redirect-plan.ts';
import type { SiteNavigation } from '../navigation/site-navigation.ts';

type Redirects = Pick<SiteNavigation, 'redirectPlan' | 'redirects'>;

/** Each route a redirect names and its target before the redirects: call before addRedirectTargets. */
export function targetsBeforeRedirects(
  targets: Map<string, RouteTarget>,
  { redirectPlan: plan, redirects }: Redirects,
): Map<string, RouteTarget | undefined> {
  const routes = new Set([...plan.exact.keys(), ...Object.keys(redirects)]);
  return new Map([...routes].map((route) => [route, targets.get(route)]));
}

/**
 * Sets the redirects' targets again after the pages `replanned` were stored (their own targets now
 * in `targets`), updating `before`; returns the routes whose target changed.
 */
export function redoRedirectTargets(
  targets: Map<string, RouteTarget>,
  { redirectPlan: plan, redirects }: Redirects,
  before: Map<string, RouteTarget | undefined>,
  replanned: Iterable<string>,
): string[] {
  for (const route of replanned) if (before.has(route)) before.set(route, targets.get(route));
  const own = (route: string) => (before.has(route) ? before.get(route) : targets.get(route));
  // The pages the rewrites copy, as a full build sees them: before any redirect.
  const pages = new Map<string, RouteTarget>();
  for (const rule of plan.exact.values()) {
    const target = rule.kind === 'redirect' ? undefined : own(rule.to);
    if (target) pages.set(rule.to, target);
  }
  const exact = exactRouteTargets(plan, pages);
  const changed: string[] = [];
  for (const route of before.keys()) {
    const fill = Object.hasOwn(redirects, route) ? { redirect: redirects[route]! } : undefined;
    const target = exact.get(route) ?? own(route) ?? fill;
    const now = targets.get(route);
    if (JSON.stringify(target) === JSON.stringify(now)) continue;
    if (target) targets.set(route, target);
    else targets.delete(route);
    changed.push(route);
  }
  return changed;
}
