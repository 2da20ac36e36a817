// The CSP of a site's pages allows the origins its own head tags and CSS load from (the build lists
// them in the manifest: scripts/compiler/config/head-tags.ts, scripts/compiler/assets/site-styles.ts).
// It runs after securityHeaders has written the policy, and only adds origins to script-src,
// style-src and font-src: never `unsafe-inline` or a wildcard.

import type { MiddlewareHandler } from 'hono';
import type { SiteSources } from '../../client/contract/site-config.ts';
import type { AppEnv } from '../env.ts';

export const siteSources: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // Set by whatever rendered the page, from the manifest it rendered with: never another build's.
  const sources = c.get('siteSources');
  const policy = c.res.headers.get('content-security-policy');
  if (!sources || !policy || !c.res.headers.get('content-type')?.startsWith('text/html')) return;
  c.res.headers.set('content-security-policy', withSources(policy, sources));
};

export function withSources(policy: string, sources: SiteSources): string {
  const added: Record<string, string[]> = {
    'script-src': sources.script,
    'style-src': sources.style,
    'font-src': sources.font,
  };
  return policy
    .split(';')
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0] ?? '';
      const origins = (added[name] ?? []).filter((origin) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin));
      return origins.length > 0 ? `${directive.trim()} ${origins.join(' ')}` : directive.trim();
    })
    .join('; ');
}
