// Every GET that is not an asset or data: a doc page, a redirect (worker/services/route-resolution.ts)
// or the 404 page, and in a dev build the problems of a page that failed to build (500). Once the
// route is known, the head's start is sent while the page is read (render/document-stream.ts). When
// the store fails before that, the error handler (worker/errors/) answers with the 503 page; after
// it, the rest of the document is the 503 page's. Pages and
// the not-found document are cached (services/html-cache.ts); the not-found document is the same at
// every missing path, so a flood of random paths is answered from the cache, not rendered anew.

import type { Context } from 'hono';
import type { BootData } from '../../client/contract/boot.ts';
import type { PageData } from '../../client/contract/page.ts';
import type { StyledManifest } from '../../client/contract/storage.ts';
import type { AppEnv } from '../env.ts';
import { errorPageRest } from '../errors/error-pages.ts';
import { documentStart, preloadLinks } from '../render/document-start.ts';
import { streamDocument } from '../render/document-stream.ts';
import { etagMatches } from '../services/etag.ts';
import { bootData } from '../render/boot-data.ts';
import { loadRenderers } from '../render/load-renderers.ts';
import { sidebarView } from '../render/sidebar-view.ts';
import { currentManifest, readBrokenPage, readPage, readSidebar } from '../services/content-store.ts';
import { styledManifest } from '../services/style-sheet.ts';
import { islandStyles, withIslandAssets } from '../render/island-assets.ts';
import { cacheTtlSeconds } from '../services/edge-cache.ts';
import {
  htmlCacheKey,
  pageEtag,
  readCachedPage,
  storePage,
  workerVersion,
  type PageKey,
} from '../services/html-cache.ts';
import { resolvePath, type Resolution } from '../services/route-resolution.ts';
import { announcementDismissed, chooseTheme, type ThemeChoice } from '../services/theme.ts';

export async function servePage(c: Context<AppEnv>): Promise<Response> {
  const manifest = await currentManifest(c.env.CONTENT);
  c.set('siteSources', manifest.head?.sources);
  // The style groups' CSS, read beside the route (once per build and isolate): the head's start inlines it.
  const styling = styledManifest(c.env.CONTENT, manifest);

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

  // The route is known and no cache has the page: the head's start goes now, with the status and
  // headers, and the rest once the page is read. The streamed answer carries no ETag: a failure
  // after the start gives a 200 whose body is the 503 page, and a browser must not revalidate that
  // into a 304. The copy the caches keep is whole, with its ETag, for every later reader.
  const status = target ? resolved.status : resolved.broken ? 500 : 404;
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', ...varyHeaders });
  // Browsers keep no error page: the next visit may find the page deployed.
  headers.set('cache-control', status === 200 ? 'public, max-age=0, must-revalidate' : 'no-store');
  const link = preloadLinks(manifest.assets.styles);
  if (link) headers.set('link', link);
  if (cached) headers.set('x-html-cache', 'miss');
  // HEAD sends no body: nothing to read or render.
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  const styled = await styling;
  const rest = renderRest(c, { manifest: styled, resolved, theme, dismissed, status, cacheKey });
  const stream = streamDocument(
    documentStart(styled, theme),
    rest.then((rendered) => rendered.html),
    (error) => errorPageRest(styled, theme, dismissed, error),
  );
  c.executionCtx.waitUntil(stream.sent);
  if (cached && ttl > 0) {
    const stored = async () => {
      const body = await stream.whole;
      if (!body) return;
      const kept = new Headers(headers);
      if (status === 200) kept.set('etag', etag);
      const links = preloadLinks([...manifest.assets.styles, ...islandStyles((await rest).page)]);
      if (links) kept.set('link', links);
      await storePage(cacheKey, body, { status, headers: kept }, ttl);
    };
    c.executionCtx.waitUntil(stored());
  }
  return new Response(stream.body, { status, headers });
}

interface RestInput {
  manifest: StyledManifest;
  resolved: Extract<Resolution, { kind: 'page' }>;
  theme: ThemeChoice;
  dismissed: boolean;
  status: number;
  cacheKey: string;
}

/** Everything after the head's start: the page, its sidebar and the layout, read and rendered. */
async function renderRest(
  c: Context<AppEnv>,
  { manifest, resolved, theme, dismissed, status, cacheKey }: RestInput,
): Promise<{ html: string; page: PageData | null }> {
  const kv = c.env.CONTENT;
  const { path, target } = resolved;
  // React loads (on an isolate's first render) while KV answers.
  const renderers = loadRenderers();
  // Most pages are in the site's main sidebar: read it beside the page rather than after it.
  const likely = manifest.defaultSidebar ? manifest.sidebars[manifest.defaultSidebar] : undefined;
  if (target && likely) readSidebar(kv, likely.hash).catch(() => undefined);
  const [page, broken] = await Promise.all([
    target ? readPage(kv, target.page).then((read) => withIslandAssets(read, manifest)) : null,
    resolved.broken ? readBrokenPage(kv, resolved.broken) : undefined,
    renderers,
  ]);
  // A missing page still offers the main sidebar, so the reader can find the way on. A not-found
  // answer's sidebar is opened for the page it shows, or for none: the same at every path.
  const sidebarId = page ? page.sidebar : (broken?.sidebar ?? manifest.defaultSidebar);
  const sidebarRoute = status === 404 ? (page?.route ?? '') : path;
  const sidebar = await sidebarView(kv, manifest, sidebarId, sidebarRoute, page?.sidebarPath);
  const boot = {
    ...bootData(manifest, page, status as BootData['status'], theme, dismissed, sidebar),
    ...(broken ? { broken } : {}),
  };
  const input = { manifest, boot, theme, page, sidebar };
  const { renderDocPageRest, renderDocumentRest } = await renderers;
  // A build's doc page renders the same every time: later renders reuse its markup.
  const html = page && status === 200 ? renderDocPageRest(cacheKey, input) : renderDocumentRest(input);
  return { html, page };
}
