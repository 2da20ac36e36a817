// Serves the fixture builds' KV entries to the worker tests, which fetch each fixture's once per
// runtime. Handed over with `project.provide` they went with every test file's run message (vitest
// sends the whole provided context each time): the large fixture's 8 MB of entries cost about a
// second of CPU a file, written out in Node and read again in workerd.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KvEntry } from '../../scripts/compiler/outputs/kv-writer.ts';

export interface EntriesServer {
  /** Where the entries of a build are served: `${url}/${buildId}`. */
  url: string;
  /** Serves a build's entries from now on. */
  add(buildId: string, entries: KvEntry[]): void;
  close(): Promise<void>;
}

export async function serveFixtureEntries(): Promise<EntriesServer> {
  const bodies = new Map<string, string>();
  const server = createServer((request, response) => {
    // No kept-alive sockets, as the Algolia stand-ins (see algolia-standin.ts).
    response.shouldKeepAlive = false;
    const body = bodies.get(request.url ?? '');
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(body ?? 'null');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // Not what keeps the process alive, should a fixture build fail before the teardown is set up.
  server.unref();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    add: (buildId, entries) => bodies.set(`/${buildId}`, JSON.stringify(entries)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
