// Search under a hanging Algolia: the worker configured against four loopback hosts that accept
// the connection and never answer. The first search waits out the deadline, then the embedded
// index answers; the searches after it skip Algolia (it rests after the failure) and answer from
// the embedded index at once. Reports both times and the connections the hosts took after the first.

import { createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { searchBody } from './load.ts';
import { startWorkerd, type RunningSite } from './server.ts';

export interface SearchDeadlineResult {
  /** The first search: the deadline, then the embedded index (cold: its pieces read). */
  firstMs: number;
  /** The searches after it, each a new query (no edge cache: SEARCH_CACHE_TTL 0). */
  following: { count: number; p50Ms: number; maxMs: number };
  /** Where each answer came from (`x-search-source`); all `local` when the fallback works. */
  sources: Record<string, number>;
  /** Connections the hanging hosts took during the first search and during the others. */
  connections: { first: number; following: number };
}

interface HangingHost {
  url: string;
  connections: () => number;
  close: () => Promise<void>;
}

/** A TCP server on 127.0.0.1 that accepts every connection and never sends a byte. */
async function startHangingHost(): Promise<HangingHost> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function benchSearchDeadline(
  site: RunningSite,
  port: number,
  followingSearches = 20,
): Promise<SearchDeadlineResult> {
  const hosts = await Promise.all([1, 2, 3, 4].map(() => startHangingHost()));
  const connections = () => hosts.reduce((sum, host) => sum + host.connections(), 0);
  const workerd = await startWorkerd(site, port, {
    ALGOLIA_APP_ID: 'BENCHHANG',
    ALGOLIA_SEARCH_API_KEY: 'bench-key',
    ALGOLIA_INDEX_NAME: 'docs',
    ALGOLIA_HOSTS: hosts.map((host) => host.url).join(','),
    SEARCH_CACHE_TTL: '0',
  });
  const sources: Record<string, number> = {};
  const search = async (query: string) => {
    const startedAt = performance.now();
    const response = await fetch(`${workerd.origin}/1/indexes/*/queries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: searchBody(query),
    });
    await response.arrayBuffer();
    const ms = performance.now() - startedAt;
    if (!response.ok) throw new Error(`a search under a hanging Algolia answered ${response.status}`);
    const source = response.headers.get('x-search-source') ?? 'unknown';
    sources[source] = (sources[source] ?? 0) + 1;
    return ms;
  };
  try {
    // The isolate is started by a page, not a search: the first search is the first to meet Algolia.
    await (await fetch(`${workerd.origin}/`)).arrayBuffer();
    const firstMs = await search('validator rewards');
    const first = connections();
    const times: number[] = [];
    for (let i = 0; i < followingSearches; i++) times.push(await search(`validator rewards ${i}`));
    times.sort((a, b) => a - b);
    return {
      firstMs: Math.round(firstMs),
      following: {
        count: times.length,
        p50Ms: Number(times[Math.floor(times.length / 2)]!.toFixed(1)),
        maxMs: Number(times[times.length - 1]!.toFixed(1)),
      },
      sources,
      connections: { first, following: connections() - first },
    };
  } finally {
    await workerd.stop();
    await Promise.all(hosts.map((host) => host.close()));
  }
}
