// The dev server's loopback side of live reload: it holds every tab's event stream (the dev worker
// passes them through) and serves the tabs' script, bundled once at start.

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { liveReloadPaths, type BuildEvent } from './protocol.ts';

export interface EventServer {
  /** Where the dev worker reaches it (`LIVE_RELOAD_ORIGIN`). */
  origin: string;
  /** Tells every tab, and remembers it for the tabs that connect later. */
  broadcast(event: BuildEvent): void;
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

export async function startEventServer(current: BuildEvent): Promise<EventServer> {
  const script = await bundleScript();
  const tabs = new Set<ServerResponse>();
  let last = current;
  const send = (tab: ServerResponse, event: BuildEvent) => tab.write(`data: ${JSON.stringify(event)}\n\n`);

  const server = createServer((request, response) => {
    if (request.url === liveReloadPaths.script) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      response.end(script);
      return;
    }
    if (request.url !== liveReloadPaths.events) {
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
    send(response, last);
    tabs.add(response);
    request.once('close', () => tabs.delete(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    broadcast(event) {
      last = event;
      for (const tab of tabs) send(tab, event);
    },
    close() {
      for (const tab of tabs) tab.end();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
