// Every GET that is not an asset or data: a doc page, a redirect (worker/services/route-resolution.ts)
// or the 404 page, and in a dev build the problems of a page that failed to build (500). When the
// store fails it throws, and the error handler (worker/errors/) answers with the 503 page. Pages and
// the not-found document are cached (services/html-cache.ts); the not-found document is the same at
// every missing path, so a flood of random paths is answered from the cache, not rendered anew.

import type { Context } from 'hono';
import type { PageData } from '../../client/contract/page.ts';
import type { AppEnv } from '../env.ts';
import { etagMatches } from '../services/etag.ts';
import { bootData } from '../render/boot-data.ts';
import { loadRenderers } from '../render/load-renderers.ts';
import { sidebarView } from '../render/sidebar-view.ts';
import { currentManifest, readBrokenPage, readPage } from '../services/content-store.ts';
import { withIslandAssets } from '../render/island-assets.ts';
import { cacheTtlSeconds } from '../services/edge-cache.ts';
import {
  htmlCacheKey,
  pageEtag,
  readCachedPage,
  storePage,
  workerVersion,
  type PageKey,
} from '../services/html-cache.ts';
import { resolvePath } from '../services/route-resolution.ts';
import { announcementDismissed, chooseTheme } from '../services/theme.ts';

const encoder = new TextEncoder();

export async function servePage(c: Context<AppEnv>): Promise<Response> {
  const manifest = await currentManifest(c.env.CONTENT);
  c.set('siteSources', manifest.head?.sources);

  const resolved = await resolvePath(c.env.CONTENT, manifest, c.req.raw);
  const byLanguage = resolved.byLanguage ? ', Accept-Language' : '';
  if (resolved.kind === 'redirect') {
    if (byLanguage) c.header('vary', 'Accept-Language');
    return c.redirect(resolved.location, resolved.status);
  }
  const { path, target } = resolved;
  const theme = chooseTheme(c, manifest.site);
  const dismissed = announcementDismissed(c, manifest.site);
  const variant = `${theme.variant}${dismissed ? '-nobar' : ''}`;
  // A page that answers 200 is cached under its path. A not-found answer (nothing here, or a page
  // a 404 rule shows) does not depend on the path: it is cached once for every path. A page of a
  // dev build that failed to build (500) is not cached.
  const cached = !resolved.broken && (resolved.status === 200 ? target !== undefined : resolved.status === 404);
  const key: PageKey = {
    worker: workerVersion(c.env.CF_VERSION_METADATA),
    buildId: manifest.buildId,
    variant,
    status: target ? resolved.status : 404,
    path: target && resolved.status === 200 ? path : '',
    ...(target ? { page: target.page } : {}),
  };
  const known = cached && key.status === 200;
  const etag = pageEtag(key);
  const varyHeaders: Record<string, string> = {
    // `Accept: text/markdown` on this URL gets the Markdown view (routes/markdown.ts).
    vary: `Cookie, Sec-CH-Prefers-Color-Scheme, Accept${byLanguage}`,
    'accept-ch': 'Sec-CH-Prefers-Color-Scheme',
  };
  // Only a reader who chose `system` needs the hint on this very request.
  if (theme.preference === 'system') varyHeaders['critical-ch'] = 'Sec-CH-Prefers-Color-Scheme';

  if (known && etagMatches(c.req.header('if-none-match'), etag)) {
    return new Response(null, {
      status: 304,
      headers: { etag, 'cache-control': 'public, max-age=0, must-revalidate', ...varyHeaders },
    });
  }

  const cacheKey = htmlCacheKey(key);
  const ttl = cacheTtlSeconds(c.env.HTML_CACHE_TTL);
  if (cached && ttl > 0) {
    const hit = await readCachedPage(cacheKey, ttl);
    if (hit) return new Response(hit.body, { status: hit.status, headers: hit.headers });
  }

  const page: PageData | null = target ? withIslandAssets(await readPage(c.env.CONTENT, target.page), manifest) : null;
  const broken = resolved.broken ? await readBrokenPage(c.env.CONTENT, resolved.broken) : undefined;
  const status = page ? resolved.status : broken ? 500 : 404;
  // A missing page still offers the main sidebar, so the reader can find the way on. A not-found
  // answer's sidebar is opened for the page it shows, or for none: the same at every path.
  const sidebarId = page ? page.sidebar : (broken?.sidebar ?? manifest.defaultSidebar);
  const sidebarRoute = status === 404 ? (page?.route ?? '') : path;
  const sidebar = await sidebarView(c.env.CONTENT, manifest, sidebarId, sidebarRoute, page?.sidebarPath);
  const boot = { ...bootData(manifest, page, status, theme, dismissed, sidebar), ...(broken ? { broken } : {}) };
  const input = { manifest, boot, theme, page, sidebar };
  const { renderDocPageDocument, renderDocument } = await loadRenderers();
  // A build's doc page renders the same every time: later renders reuse its markup.
  const html = page && status === 200 ? renderDocPageDocument(cacheKey, input) : renderDocument(input);
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', ...varyHeaders });
  if (status === 200) {
    headers.set('etag', etag);
    headers.set('cache-control', 'public, max-age=0, must-revalidate');
  } else {
    // Browsers keep no error page: the next visit may find the page deployed.
    headers.set('cache-control', 'no-store');
  }
  if (!cached) return new Response(html, { status, headers });
  headers.set('x-html-cache', 'miss');
  if (ttl === 0) return new Response(html, { status, headers });
  // Encoded once: the reader's answer and both cache layers share the bytes.
  const body = encoder.encode(html);
  c.executionCtx.waitUntil(storePage(cacheKey, body, { status, headers }, ttl));
  return new Response(body, { status, headers });
}
