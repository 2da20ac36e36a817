// The site for machines: `<route>.md` (and `Accept: text/markdown` on a page URL), `/llms.txt`
// and `/llms-full.txt`. Everything is computed by the build; these routes read it from KV, answer
// `304` to a matching `If-None-Match` and keep answers in the edge cache under the build id.
// Any other request falls through to the next route.

import type { Context, Next } from 'hono';
import type { AppEnv } from '../env.ts';
import { etagMatches } from '../services/etag.ts';
import { currentManifest, lookupRoute } from '../services/content-store.ts';
import { cacheTtlSeconds, readEdgeCache, writeEdgeCache } from '../services/edge-cache.ts';
import { canonicalForm, decidePath } from '../services/paths.ts';
import {
  llmsFullIndex,
  llmsFullIsIndex,
  llmsFullPartPath,
  llmsFullStream,
  llmsText,
  markdownCacheKey,
  readMarkdown,
} from '../services/markdown-store.ts';

const markdownType = 'text/markdown; charset=utf-8';
const textType = 'text/plain; charset=utf-8';

export async function serveMarkdownViews(c: Context<AppEnv>, next: Next): Promise<Response | void> {
  const path = new URL(c.req.url).pathname;
  if (path === '/llms.txt') return serveLlms(c);
  if (path === '/llms-full.txt') return serveLlmsFull(c);
  const part = /^\/llms-full\/([1-9]\d{0,5})\.txt$/.exec(path);
  if (part) return serveLlmsFull(c, Number(part[1]) - 1);
  if (path.endsWith('.md')) return servePageMarkdown(c, routeOfMarkdownPath(path), true);
  if (prefersMarkdown(c.req.header('accept'))) return servePageMarkdown(c, path, false);
  return next();
}

async function serveLlms(c: Context<AppEnv>): Promise<Response> {
  const manifest = await currentManifest(c.env.CONTENT);
  return cachedAnswer(c, manifest.buildId, '/llms.txt', textType, async () => llmsText(c.env.CONTENT, manifest));
}

/**
 * `/llms-full.txt`, or (`part`) the file `/llms-full/<part + 1>.txt`: a large site's llms-full.txt
 * is an index of those files (markdown-store.ts says why), a smaller one's holds every page.
 */
async function serveLlmsFull(c: Context<AppEnv>, part?: number): Promise<Response> {
  const manifest = await currentManifest(c.env.CONTENT);
  const { title, tagline, url } = manifest.site;
  const header = `# ${title}\n\n${tagline ? `> ${tagline}\n` : ''}`;
  const index = llmsFullIsIndex(manifest);
  if (part !== undefined) {
    if (!index || part >= manifest.llms.length)
      return c.body(`No such file: see /llms-full.txt.\n`, 404, {
        'content-type': textType,
        'cache-control': 'no-store',
      });
    return cachedAnswer(c, manifest.buildId, llmsFullPartPath(part), textType, async () =>
      llmsFullStream(c.env.CONTENT, manifest, url, header, part),
    );
  }
  return cachedAnswer(c, manifest.buildId, '/llms-full.txt', textType, async () =>
    index ? llmsFullIndex(c.env.CONTENT, manifest, url, header) : llmsFullStream(c.env.CONTENT, manifest, url, header),
  );
}

/** `fromSuffix`: asked as `<route>.md` (a 404 here), not by `Accept` (an unknown route falls through). */
async function servePageMarkdown(c: Context<AppEnv>, pathname: string, fromSuffix: boolean): Promise<Response | void> {
  const manifest = await currentManifest(c.env.CONTENT);
  // `<route>.md` has one spelling; a page URL asked for by `Accept` is spelled as its links are.
  const form = canonicalForm(pathname, fromSuffix ? undefined : manifest.site.trailingSlash);
  const target = await lookupRoute(c.env.CONTENT, manifest, form.path);
  const decision = decidePath(form, target && 'redirect' in target ? target.redirect : undefined);
  if (decision.kind === 'redirect') {
    if (!fromSuffix) return undefined;
    return c.redirect(`${decision.location === '/' ? '/index' : decision.location}.md`, 301);
  }
  const route = decision.path;
  if (!target || !('page' in target)) {
    if (!fromSuffix) return undefined;
    return c.body(`No page at ${route}: see /llms.txt for the list of pages.\n`, 404, {
      'content-type': textType,
      'cache-control': 'no-store',
    });
  }
  return cachedAnswer(c, manifest.buildId, route, markdownType, () => readMarkdown(c.env.CONTENT, target.markdown));
}

/** `/index.md` is the home page; `/a/b.md` is the page `/a/b`. */
function routeOfMarkdownPath(path: string): string {
  const route = path.slice(0, -'.md'.length);
  return route === '/index' || route === '' ? '/' : route;
}

/** A client that ranks `text/markdown` above `text/html` (absent types rank 0). */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  const quality = (type: string) => {
    for (const part of accept.split(',')) {
      const [name, ...params] = part.trim().split(';');
      if (name?.trim().toLowerCase() !== type) continue;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q ? Number(q.slice(2)) || 0 : 1;
    }
    return 0;
  };
  return quality('text/markdown') > quality('text/html');
}

/** The same ETag/304/edge-cache contract as the pages, for one build-derived text. */
async function cachedAnswer(
  c: Context<AppEnv>,
  buildId: string,
  key: string,
  contentType: string,
  produce: () => Promise<string | ReadableStream<Uint8Array>>,
): Promise<Response> {
  const etag = `"${buildId}-markdown"`;
  const headers = new Headers({
    'content-type': contentType,
    vary: 'Accept',
    etag,
    'cache-control': 'public, max-age=0, must-revalidate',
  });
  if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });

  const cacheKey = markdownCacheKey(buildId, key);
  const hit = await readEdgeCache(cacheKey);
  if (hit) {
    headers.set('x-html-cache', 'hit');
    return new Response(hit.body, { status: 200, headers });
  }
  const body = await produce();
  headers.set('x-html-cache', 'miss');
  const ttl = cacheTtlSeconds(c.env.HTML_CACHE_TTL);
  if (ttl === 0) return new Response(body, { headers });
  if (typeof body === 'string') {
    c.executionCtx.waitUntil(writeEdgeCache(cacheKey, body, { headers }, ttl));
    return new Response(body, { headers });
  }
  const [toReader, toCache] = body.tee();
  c.executionCtx.waitUntil(writeEdgeCache(cacheKey, toCache, { headers }, ttl));
  return new Response(toReader, { headers });
}
