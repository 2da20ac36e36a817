// `static/_redirects` in Netlify's syntax, read line by line into rules:
//   from [param=value …] to [status[!]] [Language=… Country=…]
// `from` is a path or an absolute URL, with `:name` placeholders and a final `*` (its rest is
// `:splat` in `to`). A line the worker cannot apply is left out with one warning naming the file,
// the line and why; `_redirects` never fails a build. What the rules do to routes:
// scripts/compiler/navigation/redirect-plan.ts.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RedirectRule, RuleStatus } from '../../../client/contract/redirect-rules.ts';
import { normaliseRoute } from './discover.ts';
import { BuildError } from '../errors.ts';

export const redirectsFile = '_redirects';
export const redirectsSource = `static/${redirectsFile}`;

const statuses = new Set<number>([200, 301, 302, 303, 307, 308, 404]);

export interface ParsedRedirects {
  rules: RedirectRule[];
  warnings: BuildError[];
}

/** The site's `_redirects`, parsed; no rules when it has none. */
export function readRedirects(staticDir: string): ParsedRedirects {
  const path = join(staticDir, redirectsFile);
  return existsSync(path) ? parseRedirects(readFileSync(path, 'utf8')) : { rules: [], warnings: [] };
}

export function parseRedirects(text: string): ParsedRedirects {
  const rules: RedirectRule[] = [];
  const warnings: BuildError[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    // A comment is a line of its own or a `#` after a space (a target's `#fragment` has none).
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) return;
    const parsed = parseLine(line.split(/\s+/), index + 1);
    if ('rule' in parsed) rules.push(parsed.rule);
    else warnings.push(new BuildError(redirectsSource, index + 1, `${parsed.problem}: "${line}"`, parsed.fix));
  });
  return { rules, warnings };
}

type LineResult = { rule: RedirectRule } | { problem: string; fix: string };

function parseLine(tokens: string[], line: number): LineResult {
  const [source = '', ...rest] = tokens;
  const from = parseSource(source);
  if ('problem' in from) return from;
  // Query conditions sit between the source and the target; the target is a path or a URL.
  const toIndex = rest.findIndex((token) => token.startsWith('/') || /^https?:\/\//i.test(token));
  if (toIndex === -1) return { problem: 'the line has no target', fix: 'write `/old/path /new/path 301`' };
  const query: Record<string, string> = {};
  for (const token of rest.slice(0, toIndex)) {
    const [name, value] = token.split('=', 2);
    if (!name || value === undefined || value === '')
      return {
        problem: `"${token}" is neither a target nor a query condition`,
        fix: 'write `/store id=:id /blog/:id 301`',
      };
    query[name] = value;
  }
  const to = rest[toIndex]!;
  const after = rest.slice(toIndex + 1);
  let status: RuleStatus = 301;
  let force = false;
  const statusToken = after[0] !== undefined && /^\d+!?$/.test(after[0]) ? after.shift()! : undefined;
  if (statusToken) {
    const code = Number.parseInt(statusToken, 10);
    if (!statuses.has(code))
      return {
        problem: `status ${code} is not served`,
        fix: 'use 301, 302, 303, 307 or 308 to redirect, 200 to serve another page, 404 for a custom not-found page',
      };
    status = code as RuleStatus;
    force = statusToken.endsWith('!');
  }
  const conditions: Pick<RedirectRule, 'language' | 'country'> = {};
  for (const token of after) {
    const [name = '', value = ''] = token.split('=', 2);
    const key = name.toLowerCase();
    if ((key !== 'language' && key !== 'country') || !value)
      return {
        problem: `the condition "${token}" cannot be applied: the worker matches Language and Country only, not roles or cookies`,
        fix: 'remove the line, or drop the condition to apply it to every reader',
      };
    conditions[key] = value.toLowerCase().split(',').filter(Boolean);
  }
  const target = checkTarget(to, status, from.path, query);
  if ('problem' in target) return target;
  const rule: RedirectRule = { line, from: from.path, to: target.to, status, force, ...conditions };
  if (from.host) rule.host = from.host;
  if (Object.keys(query).length > 0) rule.query = query;
  return { rule };
}

function parseSource(source: string): { path: string; host?: string } | { problem: string; fix: string } {
  let host: string | undefined;
  let path = source;
  if (/^https?:\/\//i.test(source)) {
    const match = /^https?:\/\/([a-z\d.-]+(?::\d+)?)(\/[^?#]*)?$/i.exec(source);
    if (!match)
      return {
        problem: 'the source URL is not a host and a path',
        fix: 'write `https://old.example/* https://new.example/:splat 301`',
      };
    host = match[1]!.toLowerCase();
    path = match[2] ?? '/';
  } else if (!source.startsWith('/')) {
    return { problem: 'the source is not a path or a URL', fix: 'start the source with "/" or "https://"' };
  }
  if (path.includes('?'))
    return {
      problem: 'the source has a query string',
      fix: 'write query conditions as their own words after the source: `/store id=:id /blog/:id`',
    };
  const segments = path.split('/');
  if (segments.some((segment, index) => segment.includes('*') && (segment !== '*' || index !== segments.length - 1)))
    return { problem: 'a splat (*) may only end the source', fix: 'write `/old/* /new/:splat`' };
  return host ? { path: normaliseRoute(path), host } : { path: normaliseRoute(path) };
}

/** The target as the worker uses it; never a host the file does not name, never a path it cannot fill. */
function checkTarget(
  to: string,
  status: RuleStatus,
  from: string,
  query: Record<string, string>,
): { to: string } | { problem: string; fix: string } {
  const bound = new Set([
    ...from
      .split('/')
      .flatMap((segment) => (segment === '*' ? ['splat'] : segment.startsWith(':') ? [segment.slice(1)] : [])),
    ...Object.values(query).flatMap((value) => (value.startsWith(':') ? [value.slice(1)] : [])),
  ]);
  const absolute = /^https?:\/\//i.test(to);
  const used = [...(absolute ? to.replace(/^https?:\/\//i, '') : to).matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map(
    (match) => match[1]!,
  );
  const unbound = used.filter((name) => !bound.has(name));
  if (unbound.length > 0)
    return {
      problem: `the target uses :${unbound.join(', :')}, which the source does not bind`,
      fix: 'name each placeholder in the source (`/blog/:slug`), or use `*` in the source for :splat',
    };
  if (absolute) {
    if (status === 200 || status === 404)
      return {
        problem: `a ${status} rule to another site would proxy it, which the worker does not do`,
        fix: 'redirect instead (301 or 302), or point the rule at a page of this site',
      };
    const authority = to.replace(/^https?:\/\//i, '').split(/[/?#]/)[0]!;
    if (authority.includes(':') && !/^[^:]+:\d+$/.test(authority))
      return {
        problem: 'the target’s host has a placeholder: readers could be sent to any site',
        fix: 'write the host out in full, and placeholders only in the path',
      };
    return { to };
  }
  return { to: /[?#]/.test(to) ? to : normaliseRoute(to) };
}
