// Docusaurus's `@docusaurus/plugin-client-redirects`, read from the config and served as redirects
// from the route table (a 301 where Docusaurus writes a page that moves the browser on): its
// `redirects` ({ from, to }), `createRedirects(existingPath)` called for every page, and
// `fromExtensions` (`/page.html` → `/page`). As the plugin does, a redirect never takes the place
// of a page, and one that leads nowhere is left out with a warning.

import { BuildError } from '../errors.ts';
import type { ExactRedirect } from './redirect-plan.ts';

type Options = Record<string, unknown>;

export interface ClientRedirects {
  exact: Map<string, ExactRedirect>;
  warnings: BuildError[];
}

/** The redirects every instance of the plugin asks for, from → to, over the site's routes. */
export function clientRedirects(config: unknown, routes: ReadonlySet<string>, configFile: string): ClientRedirects {
  const exact = new Map<string, ExactRedirect>();
  const warnings: BuildError[] = [];
  const plugins = isObject(config) && Array.isArray(config.plugins) ? config.plugins : [];
  for (const entry of plugins) {
    const [name, options] = Array.isArray(entry) ? entry : [entry, {}];
    if (typeof name !== 'string' || !/plugin-client-redirects/.test(name) || !isObject(options)) continue;
    const asked: { from: string; to: string; where: string }[] = [];
    for (const [index, redirect] of asArray(options.redirects).entries()) {
      if (!isObject(redirect) || typeof redirect.to !== 'string') continue;
      for (const from of pathsOf(redirect.from)) asked.push({ from, to: redirect.to, where: `redirects[${index}]` });
    }
    for (const route of [...routes].sort()) {
      for (const extension of asArray(options.fromExtensions)) {
        if (typeof extension === 'string' && route !== '/') {
          asked.push({ from: `${route}.${extension.replace(/^\./, '')}`, to: route, where: 'fromExtensions' });
        }
      }
      if (typeof options.createRedirects !== 'function') continue;
      for (const from of pathsOf(callSafely(options.createRedirects as (path: string) => unknown, route))) {
        asked.push({ from, to: route, where: 'createRedirects' });
      }
    }
    for (const { from, to, where } of asked) {
      const source = normalise(from);
      if (source === normalise(to) || routes.has(source) || exact.has(source)) continue;
      if (to.startsWith('/') && !routes.has(normalise(to.replace(/[?#].*$/, '')))) {
        warnings.push(
          new BuildError(
            configFile,
            undefined,
            `plugin-client-redirects ${where}: ${from} → ${to} leads to no page, so it is left out`,
            'point `to` at an existing route of the site',
          ),
        );
        continue;
      }
      exact.set(source, { kind: 'redirect', to, status: 301 });
    }
  }
  return { exact, warnings };
}

function pathsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((path): path is string => typeof path === 'string' && path.startsWith('/'));
}

/** A site's `createRedirects` that throws for one path gives that path no redirect, as an empty answer would. */
function callSafely(create: (path: string) => unknown, route: string): unknown {
  try {
    return create(route);
  } catch {
    return undefined;
  }
}

function normalise(path: string): string {
  return path.replace(/(.)\/+$/, '$1');
}

function isObject(value: unknown): value is Options {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
