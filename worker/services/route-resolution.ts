// What a page URL leads to: the route table first (pages, plain redirects, forced rules), then the
// build's short list of `_redirects` patterns (client/contract/redirect-rules.ts; a pattern may ask for the
// reader's language or country), then the canonical spelling. A redirect only ever leaves the
// site for a host `_redirects` names itself.

import type { Manifest, RouteTarget } from '../../client/contract/storage.ts';
import { firstLanguage, matchRule, type RedirectRule, type RuleRequest } from '../../client/contract/redirect-rules.ts';
import { lookupRoute } from './content-store.ts';
import { pageHref } from '../../client/contract/urls.ts';
import { canonicalForm } from './paths.ts';

type RedirectStatus = 301 | 302 | 303 | 307 | 308;
type PageTarget = Extract<RouteTarget, { page: string }>;

export type Resolution = (
  | { kind: 'redirect'; location: string; status: RedirectStatus }
  /**
   * `target` absent: nothing answers here, the not-found page does, or in a dev build the
   * problems of the page that failed to build (`broken`, a KV hash).
   */
  | { kind: 'page'; path: string; target?: PageTarget; broken?: string; status: 200 | 404 | 500 }
) & {
  /** The site has rules for the reader's language: the answer varies with `Accept-Language`. */
  byLanguage?: true;
};

export async function resolvePath(kv: KVNamespace, manifest: Manifest, request: Request): Promise<Resolution> {
  const resolution = await resolve(kv, manifest, request);
  // Any path may meet a language rule (a forced one even on a page), so a site with one varies throughout.
  return manifest.redirects?.some((rule) => rule.language) ? { ...resolution, byLanguage: true } : resolution;
}

async function resolve(kv: KVNamespace, manifest: Manifest, request: Request): Promise<Resolution> {
  const url = new URL(request.url);
  const trailingSlash = manifest.site.trailingSlash;
  const form = canonicalForm(url.pathname, trailingSlash);
  const found = await lookupRoute(kv, manifest, form.path);
  if (found && 'redirect' in found)
    return redirect(encodeURI(pageHref(found.redirect, trailingSlash)), found.status ?? 301, url.search);
  let reader: RuleRequest | undefined;
  for (const rule of manifest.redirects ?? []) {
    // A page at the path answers before any rule that is not forced.
    if (found && !rule.force) continue;
    // Read only when a rule is tried: `request.cf` is parsed anew on every request that reads it.
    // Placeholders take the path as spelled, so that its escapes land in the target once.
    reader ??= ruleRequest(request, url, form.spelled);
    const to = matchRule(rule, reader);
    if (to === undefined) continue;
    if (rule.status !== 200 && rule.status !== 404) {
      const location = safeLocation(rule, to);
      if (location) return redirect(location, rule.status, url.search);
      continue;
    }
    if (!form.exact) return redirect(form.location, 301, url.search);
    const served = await lookupRoute(kv, manifest, canonicalForm(keepEscapes(to).split(/[?#]/)[0]!).path);
    const status = rule.status === 404 ? 404 : 200;
    return served && 'page' in served
      ? { kind: 'page', path: form.path, target: served, status }
      : { kind: 'page', path: form.path, status: 404 };
  }
  if (!form.exact) return redirect(form.location, 301, url.search);
  if (found && 'broken' in found) return { kind: 'page', path: form.path, broken: found.broken, status: 500 };
  if (found) return { kind: 'page', path: form.path, target: found, status: found.status ?? 200 };
  return { kind: 'page', path: form.path, status: 404 };
}

function ruleRequest(request: Request, url: URL, path: string): RuleRequest {
  return {
    host: url.host,
    path,
    query: url.searchParams,
    language: firstLanguage(request.headers.get('accept-language')),
    country: (request.cf?.country as string | undefined)?.toLowerCase(),
  };
}

/**
 * A filled-in target whose path placeholders took the request's escapes (`%40`, `%25`) and escaped
 * them again: its path part gets them back as they came. The query part is left as filled in.
 */
function keepEscapes(to: string): string {
  const end = to.search(/[?#]/);
  const path = end < 0 ? to : to.slice(0, end);
  return path.replace(/%25([0-9A-Fa-f]{2})/g, '%$1') + (end < 0 ? '' : to.slice(end));
}

/** The query string goes along, unless the target has its own. */
function redirect(location: string, status: RedirectStatus, search: string): Resolution {
  return { kind: 'redirect', location: location.includes('?') ? location : location + search, status };
}

/**
 * A filled-in target as a Location: a path stays on this site (one leading slash, so no
 * `//host` or `/\host` a browser reads as another site); a URL keeps the host its rule wrote.
 */
function safeLocation(rule: RedirectRule, filled: string): string | undefined {
  const to = keepEscapes(filled);
  if (!/^https?:\/\//i.test(rule.to)) return `/${to.replace(/^[/\\]+/, '')}`;
  const written = rule.to
    .replace(/^https?:\/\//i, '')
    .split(/[/?#]/)[0]!
    .toLowerCase();
  try {
    const url = new URL(to);
    return url.host === written ? url.href : undefined;
  } catch {
    return undefined;
  }
}
