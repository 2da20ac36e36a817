// Where each `_redirects` rule goes. A plain source goes into the route table beside the pages, so
// the worker finds it with the same one lookup; a source with a splat, placeholders, conditions
// (query, language, country) or a host goes into the manifest's short rule list. Netlify applies the first rule
// that matches, and a page at the source wins unless the rule is forced (`!`): a plain rule that
// an earlier pattern already matches joins the list behind it, so the order still holds.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteTarget } from '../../../client/contract/storage.ts';
import { isExactSource, matchPath, type RedirectRule } from '../../../client/contract/redirect-rules.ts';
import { BuildError } from '../errors.ts';
import { redirectsSource } from '../sources/redirects-file.ts';

/** Rules the manifest carries at most: each is checked on every request its path does not answer. */
export const maxPatternRules = 500;

/** What a plain source leads to, before pages have their content hashes. */
export type ExactRedirect =
  | { kind: 'redirect'; to: string; status: 301 | 302 | 303 | 307 | 308 }
  | { kind: 'rewrite'; to: string; status: 200 | 404 };

export interface RedirectPlan {
  exact: Map<string, ExactRedirect>;
  patterns: RedirectRule[];
  warnings: BuildError[];
}

export function planRedirects(rules: RedirectRule[], routes: Set<string>, staticDir: string): RedirectPlan {
  const exact = new Map<string, ExactRedirect>();
  const patterns: RedirectRule[] = [];
  const warnings: BuildError[] = [];
  const warn = (rule: RedirectRule, problem: string, fix: string) =>
    warnings.push(new BuildError(redirectsSource, rule.line, problem, fix));
  const isPath = (to: string) => to.startsWith('/');
  const plainTarget = (to: string) => isPath(to) && !to.includes(':');
  // The page a target names: `/guide/#install` and `/guide?tab=a` are the page `/guide`.
  const targetPage = (to: string) => to.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');

  for (const rule of rules) {
    if ((rule.status === 200 || rule.status === 404) && plainTarget(rule.to) && !routes.has(rule.to)) {
      warn(
        rule,
        rule.status === 404
          ? `${rule.to} is not a page: the engine's own not-found page answers instead`
          : `${rule.to} is not a page, so ${rule.from} cannot be served from it`,
        'point the rule at a route of the site (a doc page), or remove the line',
      );
      continue;
    }
    const shadowed = patterns.some((earlier) => matchPath(earlier.from, rule.from));
    const conditional = rule.host || rule.query || rule.language || rule.country;
    if (conditional || !isExactSource(rule.from) || shadowed) {
      if (patterns.length === maxPatternRules) {
        warn(
          rule,
          `more than ${maxPatternRules} rules have splats, placeholders, conditions or hosts; this one is left out`,
          'write plain `/old /new` lines for the paths you know, or merge rules under one splat',
        );
        continue;
      }
      patterns.push(rule);
      continue;
    }
    if (exact.has(rule.from)) {
      warn(rule, `${rule.from} already has a rule on an earlier line, which wins`, 'remove one of the two lines');
      continue;
    }
    if (routes.has(rule.from) && !rule.force) {
      warn(
        rule,
        `${rule.from} is a page, which answers before any rule`,
        `add ! to the status (${rule.status}!) to apply the rule anyway, or remove the line`,
      );
      continue;
    }
    if (rule.to === rule.from) continue;
    if (rule.status === 200 || rule.status === 404) {
      exact.set(rule.from, { kind: 'rewrite', to: rule.to, status: rule.status });
      continue;
    }
    if (plainTarget(rule.to) && !routes.has(targetPage(rule.to)) && !existsSync(join(staticDir, targetPage(rule.to)))) {
      warn(
        rule,
        `${rule.to} is neither a page nor a file under static/: the redirect leads to the not-found page`,
        'point the redirect at an existing route, or remove the line',
      );
    }
    exact.set(rule.from, { kind: 'redirect', to: rule.to, status: rule.status });
  }
  return { exact, patterns, warnings };
}

/** Route-table entries for the plain rules, once pages are stored; rewrites share their target's page. */
export function exactRouteTargets(plan: RedirectPlan, targets: Map<string, RouteTarget>): Map<string, RouteTarget> {
  const entries = new Map<string, RouteTarget>();
  for (const [from, rule] of plan.exact) {
    if (rule.kind === 'redirect') {
      entries.set(from, rule.status === 301 ? { redirect: rule.to } : { redirect: rule.to, status: rule.status });
      continue;
    }
    const target = targets.get(rule.to);
    if (!target || !('page' in target)) continue;
    const { page, markdown } = target;
    entries.set(from, rule.status === 404 ? { page, markdown, status: 404 } : { page, markdown });
  }
  return entries;
}

/**
 * Pages a forced rule takes the place of for every reader: they no longer answer at their own
 * address, so the sitemap, search and llms leave them out. A rule with conditions (language,
 * country, query, host) moves only some readers, and the page stays listed.
 */
export function routesReplaced(plan: RedirectPlan, routes: Iterable<string>): Set<string> {
  const replaced = new Set<string>();
  const always = plan.patterns.filter(
    (rule) => rule.force && !rule.host && !rule.query && !rule.language && !rule.country,
  );
  for (const route of routes) {
    if (plan.exact.has(route) || always.some((rule) => rule.to !== route && matchPath(rule.from, route))) {
      replaced.add(route);
    }
  }
  return replaced;
}
