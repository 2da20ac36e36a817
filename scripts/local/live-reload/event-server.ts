// The dev server's loopback side of live reload: it holds every tab's event stream (the dev worker
// passes them through), serves the tabs' script, bundled once at start, and answers the dev
// worker's reads of keys local KV lacks from the first build's KV files (kv-index.ts).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { KvIndex } from '../kv-index.ts';
import type { EarlySite } from './early-site.ts';
import { liveReloadPaths, tokenHeader, type BuildEvent, type BuiltEvent, type PageAnswer } from './protocol.ts';

export interface EventServer {
  /** Where the dev worker reaches it (`LIVE_RELOAD_ORIGIN`). */
  origin: string;
  /** Tells every tab, and remembers it for the tabs that connect later. */
  broadcast(event: BuildEvent): void;
  /**
   * Serves `index` (the build `current` names, now live) to the dev worker: until then its reads
   * wait for it a while (`servedWaitMs`), then answer 503, and the worker shows that the site is
   * building. `early`: the build is served before it is done, and the dev worker asks for each page
   * first. The open tabs hear `current`.
   */
  serve(index: KvIndex, current: BuiltEvent, early?: EarlySite): void;
  close(): Promise<void>;
}

/** The tabs' script: browser.ts with idiomorph, one file. */
async function bundleScript(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./browser.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** Builds remembered for tabs that come back (a reconnect, a tab opened on an older page). */
const remembered = 50;

/**
 * What a tab that last saw `since` must do to show the newest of `builds`: every change since,
 * merged; a build it cannot place (too old, another run's) changes everything.
 */
export function changesSince(builds: BuiltEvent[], since: string | undefined): BuiltEvent {
  const latest = builds.at(-1)!;
  const seen = builds.findIndex((event) => event.buildId === since);
  if (seen === -1) return { buildId: latest.buildId, reload: true, routes: [] };
  const missed = builds.slice(seen + 1);
  return {
    buildId: latest.buildId,
    reload: missed.some((event) => event.reload),
    routes: [...new Set(missed.flatMap((event) => event.routes))].sort(),
  };
}

/** Largest body the dev worker sends (a list of keys, a path): anything longer is refused unread further. */
const bodyLimit = 1024 * 1024;

/**
 * Reads the dev worker's POST and hands its body on; only for `token`. The body is read first whatever
 * the answer: one answered unread drops the connection under the worker's fetch. Each answer closes its
 * connection: while a build holds this process's event loop, an idle kept-alive socket's timeout fires
 * late, just as workerd sends its next read down that socket, which then fails in the worker as
 * "Network connection lost". A new loopback connection per read costs nothing.
 */
function readTokenPost(
  request: IncomingMessage,
  response: ServerResponse,
  token: string,
  then: (body: string) => void,
) {
  response.shouldKeepAlive = false;
  const chunks: Buffer[] = [];
  let bytes = 0;
  request.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes <= bodyLimit) chunks.push(chunk);
  });
  request.on('end', () => {
    if (request.method !== 'POST' || request.headers[tokenHeader] !== token) return void response.writeHead(403).end();
    if (bytes > bodyLimit) return void response.writeHead(413).end(`a body of at most ${bodyLimit} bytes`);
    then(Buffer.concat(chunks).toString('utf8'));
  });
}

const failWith = (response: ServerResponse) => (error: unknown) =>
  response.writeHead(500).end(error instanceof Error ? error.message : String(error));

/**
 * How long a read asked before the first build is served waits for it. wrangler dev answers a few
 * seconds before the first pointer is live (a small site is built whole first): a reader, or a tool
 * that takes any answer as the site being up, gets the page after that short wait instead of the
 * building page. A large site's first build takes longer: the building page then says how far it is.
 */
const servedWaitMs = 20_000;

/**
 * Answers a POST of keys (a JSON list) with their values from `index`; asked before a build is served,
 * once `whenServed` settles (503 when it settles without one).
 */
function answerKv(
  request: IncomingMessage,
  response: ServerResponse,
  token: string,
  index: () => KvIndex | undefined,
  whenServed: () => Promise<unknown>,
) {
  readTokenPost(request, response, token, (body) => {
    const served = index();
    if (served) return answerKeys(response, served, body);
    void whenServed().then(() => {
      const built = index();
      if (!built) return void response.writeHead(503, { 'retry-after': '1' }).end();
      answerKeys(response, built, body);
    });
  });
}

function answerKeys(response: ServerResponse, served: KvIndex, body: string) {
  let keys: unknown;
  try {
    keys = JSON.parse(body);
  } catch {
    keys = undefined;
  }
  if (!Array.isArray(keys) || !keys.every((key) => typeof key === 'string'))
    return void response.writeHead(400).end('a JSON list of keys');
  served
    .readJson(keys)
    .then((json) => response.writeHead(200, { 'content-type': 'application/json' }).end(json), failWith(response));
}

/** How long the dev worker's question about a page not yet stored waits for it. */
const pageWaitMs = 10_000;

/** Answers the dev worker's question about a path's page (`liveReloadPaths.page`). */
function answerPage(
  request: IncomingMessage,
  response: ServerResponse,
  token: string,
  early: () => EarlySite | undefined,
) {
  readTokenPost(request, response, token, (path) => {
    const site = early();
    const answer = (body: PageAnswer) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (!site) return answer({ state: 'final' });
    site.pageState(path, pageWaitMs).then((state) => answer({ state, ...site.progress() }), failWith(response));
  });
}

/**
 * `token`: what the dev worker sends with its KV reads (as with its writes). `waitMs`: how long a read
 * asked before the first build is served waits for it.
 */
export async function startEventServer(token: string, waitMs = servedWaitMs): Promise<EventServer> {
  const script = await bundleScript();
  const tabs = new Set<ServerResponse>();
  // The first build's event, once it is served.
  const builds: BuiltEvent[] = [];
  let index: KvIndex | undefined;
  let early: EarlySite | undefined;
  let failed: string | undefined;
  /** Reads waiting for the first build to be served. */
  const waiting = new Set<() => void>();
  const whenServed = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, waitMs);
      function done() {
        clearTimeout(timer);
        waiting.delete(done);
        resolve();
      }
      waiting.add(done);
    });
  // Each build's id is its event's id: a tab's stream that drops comes back with the last it saw.
  const send = (tab: ServerResponse, event: BuildEvent) =>
    tab.write(`${'buildId' in event ? `id: ${event.buildId}\n` : ''}data: ${JSON.stringify(event)}\n\n`);

  const server = createServer((request, response) => {
    if (request.url === liveReloadPaths.script) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      response.end(script);
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === liveReloadPaths.kv) return answerKv(request, response, token, () => index, whenServed);
    if (url.pathname === liveReloadPaths.page) return answerPage(request, response, token, () => early);
    if (url.pathname !== liveReloadPaths.events || builds.length === 0) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    // Sent at once, so every hop passes the stream's start on; then the build the tab should show.
    response.write(': live reload\n\n');
    const lastSeen = request.headers['last-event-id'] || url.searchParams.get('since') || undefined;
    send(response, changesSince(builds, typeof lastSeen === 'string' ? lastSeen : undefined));
    if (failed !== undefined) send(response, { failed });
    tabs.add(response);
    request.once('close', () => tabs.delete(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const broadcast = (event: BuildEvent) => {
    if ('failed' in event) failed = event.failed;
    else {
      failed = undefined;
      builds.push(event);
      if (builds.length > remembered) builds.shift();
    }
    for (const tab of tabs) send(tab, event);
  };
  return {
    origin: `http://127.0.0.1:${port}`,
    broadcast,
    serve(served, current, earlySite) {
      index = served;
      early = earlySite;
      for (const done of [...waiting]) done();
      broadcast(current);
    },
    close() {
      for (const done of [...waiting]) done();
      for (const tab of tabs) tab.end();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
