// The route table: every route's target (a page and its Markdown, a redirect, a page that failed
// to build), stored in buckets so that a request reads one small value at any site size.

import { kvKeys, routeBucket, type RouteBucket, type RouteTarget } from '../../../client/contract/storage.ts';
import { exactRouteTargets, type RedirectPlan } from '../navigation/redirect-plan.ts';
import type { KvWriter } from './kv-writer.ts';

/** Routes a bucket of the route table holds, on average: a bucket stays a few KB at any size. */
const routesPerBucket = 128;

/** Adds the redirects to the pages' targets: `_redirects` first, whose plain rules replace a page only when forced. */
export function addRedirectTargets(
  targets: Map<string, RouteTarget>,
  plan: RedirectPlan,
  redirects: Record<string, string>,
): void {
  for (const [from, target] of exactRouteTargets(plan, targets)) targets.set(from, target);
  for (const [from, to] of Object.entries(redirects)) {
    if (!targets.has(from)) targets.set(from, { redirect: to });
  }
}

/** The routes of each bucket of the route table, in order. */
export function bucketRoutes(routes: Iterable<string>, size: number): string[][] {
  const count = Math.max(1, Math.ceil(size / routesPerBucket));
  const buckets: string[][] = Array.from({ length: count }, () => []);
  for (const route of [...routes].sort()) buckets[routeBucket(route, count)]!.push(route);
  return buckets;
}

/** Stores one bucket (its routes, in order); returns its hash. */
export async function storeRouteBucket(
  kv: KvWriter,
  targets: Map<string, RouteTarget>,
  routes: string[],
): Promise<string> {
  const bucket: RouteBucket = {};
  for (const route of routes) bucket[route] = targets.get(route)!;
  return kv.putContent(kvKeys.routes, JSON.stringify(bucket));
}

/** Stores the route table in buckets (`bucketRoutes`); returns the buckets' hashes. */
export async function storeRouteTable(
  kv: KvWriter,
  targets: Map<string, RouteTarget>,
  buckets = bucketRoutes(targets.keys(), targets.size),
): Promise<string[]> {
  const hashes: string[] = [];
  for (const routes of buckets) hashes.push(await storeRouteBucket(kv, targets, routes));
  return hashes;
}
