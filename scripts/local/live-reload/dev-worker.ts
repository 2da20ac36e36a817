// The worker as `npm start` runs it (wrangler dev's script, never wrangler.toml's `main`): the real
// worker, plus what live reload needs. It adds one same-origin script to every HTML page, passes
// the tabs' event stream through to the dev server, and lets the dev server write a rebuild's
// changed KV keys and move the pointer in this very isolate. Keys local KV lacks (the first build's:
// npm start does not copy them) are read from the dev server, and until that build is served a page
// waits for it a while (the dev server holds the question), then answers that the site is building.
// While the dev server serves that build before it is done (early-site.ts), each page is asked for
// first, so it is compiled next, and searches wait for the index. A body the worker refuses part-way
// is read to its end before the answer goes back, for wrangler dev's proxy (drained-body.ts).
// Nothing here is in a deploy's bundle.

import worker from '../../../worker/index.ts';
import type { Env } from '../../../worker/env.ts';
import { forgetPointer } from '../../../worker/services/content-store.ts';
import { building } from './building-page.ts';
import { drainingOnCancel } from './drained-body.ts';
import { readFromBuild, withBuildFiles, type DevServer } from './kv-from-build.ts';
import { withPending, writeInOrder } from './kv-overlay.ts';
import { liveReloadPaths, tokenHeader, type KvUpdate, type PageAnswer } from './protocol.ts';

interface DevEnv extends Env {
  /** The dev server's loopback origin: the tabs' event stream and the script come from there. */
  LIVE_RELOAD_ORIGIN?: string;
  /** Drawn by the dev server at start: only it may write KV through `liveReloadPaths.update`. */
  LIVE_RELOAD_TOKEN?: string;
}

export default {
  async fetch(request: Request, env: DevEnv, ctx: ExecutionContext): Promise<Response> {
    const { pathname, search } = new URL(request.url);
    const origin = env.LIVE_RELOAD_ORIGIN;
    if (origin && (pathname === liveReloadPaths.events || pathname === liveReloadPaths.script))
      // A stream held open across requests cannot be written by another request in workerd, so
      // the dev server (Node) holds the tabs' streams and this passes each through.
      return fetch(new URL(pathname + search, origin), {
        // A stream that comes back names the last build it heard of.
        headers: { 'last-event-id': request.headers.get('last-event-id') ?? '' },
        signal: request.signal,
      });
    if (pathname === liveReloadPaths.update && request.method === 'POST') return applyUpdate(request, env, ctx);
    // A body the worker refuses part-way, or one answered without being read (the site is still
    // building), is read to its end before the answer goes back (drained-body.ts).
    const passed = drainingOnCancel(request);
    const response = await answer(passed.request, pathname, env, ctx);
    await passed.drained();
    return response;
  },
  scheduled: worker.scheduled,
} satisfies ExportedHandler<DevEnv>;

/** The page or answer for `request`: the worker's, or the dev server's while the site is building. */
async function answer(request: Request, pathname: string, env: DevEnv, ctx: ExecutionContext): Promise<Response> {
  const origin = env.LIVE_RELOAD_ORIGIN;
  const server = devServerOf(env);
  if (server && !(await served(server))) return building();
  const early = server && isEarly ? await earlyAnswer(server, request, pathname) : undefined;
  if (early) return early;
  const response = await worker.fetch(request, devEnv(env), ctx);
  if (!origin || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  // A script file of this origin: the page's CSP (`script-src 'self'`) allows it as it stands.
  return new HTMLRewriter()
    .on('head', {
      element(head) {
        head.append(`<script type="module" src="${liveReloadPaths.script}"></script>`, { html: true });
      },
    })
    .transform(response);
}

const devServerOf = (env: DevEnv): DevServer | undefined =>
  env.LIVE_RELOAD_ORIGIN && env.LIVE_RELOAD_TOKEN
    ? { origin: env.LIVE_RELOAD_ORIGIN, token: env.LIVE_RELOAD_TOKEN }
    : undefined;

/** Whether the dev server serves its first build (the pointer is live): once it does, it always does. */
let isServed = false;
async function served(server: DevServer): Promise<boolean> {
  if (!isServed) isServed = (await readFromBuild(server, [])) !== undefined;
  return isServed;
}

/** Whether the dev server may still be serving its first build before it is done. */
let isEarly = true;

/** What to answer while the first build is served before it is done; undefined: what the worker answers. */
async function earlyAnswer(server: DevServer, request: Request, pathname: string): Promise<Response | undefined> {
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST') return undefined;
  const response = await fetch(new URL(liveReloadPaths.page, server.origin), {
    method: 'POST',
    headers: { [tokenHeader]: server.token },
    body: pathname,
  });
  if (!response.ok) throw new Error(`the dev server did not answer for ${pathname} (${response.status})`);
  const answer = await response.json<PageAnswer>();
  if (answer.state === 'final') {
    isEarly = false;
    return undefined;
  }
  const counted = answer.total ? ` (${answer.stored ?? 0} of ${answer.total} pages built)` : '';
  if (pathname.startsWith('/1/indexes/') || pathname === '/__search')
    return Response.json(
      {
        message: `The search index is written once the whole site is built; npm start is still building it${counted}.`,
        status: 503,
      },
      { status: 503, headers: { 'retry-after': '5', 'cache-control': 'no-store' } },
    );
  if (pathname === '/search') return building(`Search answers once the whole site is built${counted}.`);
  if (answer.state === 'building') return building(`This page is compiled next${counted}.`);
  if (answer.state === 'broken')
    return building(
      `This page failed to build: the terminal lists its problems, and so does this page once every page is built${counted}.`,
    );
  return undefined;
}

const wrapped = new WeakMap<DevEnv, DevEnv>();

/**
 * The env the worker sees: its KV answers with a rebuild's values while they are being written,
 * and with the first build's values (from the dev server) where local KV has none.
 */
function devEnv(env: DevEnv): DevEnv {
  let dev = wrapped.get(env);
  if (!dev) {
    const server = devServerOf(env);
    const content = server ? withBuildFiles(env.CONTENT, server) : env.CONTENT;
    wrapped.set(env, (dev = { ...env, CONTENT: withPending(content) }));
  }
  return dev;
}

/**
 * Takes a build's pointer and makes this isolate read the pointer again. The answer waits for
 * the write unless the update may be `background` (no static file changed,
 * so wrangler dev will not restart this runtime while they go on).
 */
async function applyUpdate(request: Request, env: DevEnv, ctx: ExecutionContext): Promise<Response> {
  const token = env.LIVE_RELOAD_TOKEN;
  if (!token || request.headers.get(tokenHeader) !== token) return new Response('forbidden', { status: 403 });
  const update = await request.json<KvUpdate>();
  const written = writeInOrder(env.CONTENT, update.pointer);
  if (update.pointer.length > 0) forgetPointer();
  if (update.background) ctx.waitUntil(written);
  else await written;
  return new Response(null, { status: 204 });
}
