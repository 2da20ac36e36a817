// `static/_redirects` (Cloudflare/Netlify format: `from to [status]`) → the manifest's 301s.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseRoute } from './discover.ts';
import { BuildError, report, type Diagnostics } from './errors.ts';

export const redirectsFile = '_redirects';

export function readRedirects(
  staticDir: string,
  routes: Set<string>,
  policy: 'throw' | 'warn' | 'ignore',
  diagnostics: Diagnostics,
): Record<string, string> {
  const path = join(staticDir, redirectsFile);
  if (!existsSync(path)) return {};
  const redirects: Record<string, string> = {};
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      const line = raw.replace(/#.*/, '').trim();
      if (!line) return;
      const [from, to, status] = line.split(/\s+/);
      const where = `static/${redirectsFile}`;
      if (!from || !to || !from.startsWith('/') || (status && !/^30[1278]!?$/.test(status))) {
        diagnostics.errors.push(
          new BuildError(where, index + 1, `bad redirect line "${raw.trim()}"`, 'write `/old/path /new/path 301`'),
        );
        return;
      }
      const source = normaliseRoute(from);
      const target = /^[a-z]+:/i.test(to) ? to : normaliseRoute(to);
      if (source === target) return; // trailing-slash variants are canonicalised by the worker anyway
      if (!/^[a-z]+:/i.test(target) && !routes.has(target)) {
        report(
          diagnostics,
          policy,
          new BuildError(
            where,
            index + 1,
            `redirect target ${to} is not a page`,
            'point the redirect at an existing route or remove the line',
          ),
        );
        return;
      }
      redirects[source] = target;
    });
  return redirects;
}
