// Small stand-ins for Algolia's search hosts: Node HTTP servers on 127.0.0.1 that answer
// `POST /1/indexes/*/queries` the way Algolia does, or fail the way a host can fail. The
// worker tests point ALGOLIA_HOSTS at them to see which host answered and what it was sent.
//
// Each server has one fixed behaviour, so tests running side by side never switch a mode
// under each other. What a server received is read back over HTTP
// (`GET /__standin/requests`): the tests run inside workerd and cannot call into Node.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * - `up`: answers every query with one hit whose `hierarchy.lvl1` is `From stand-in <name>`.
 * - `down`: nothing listens on the port (connection refused).
 * - `500` / `403`: Algolia's JSON error `{ message, status }` with that status.
 * - `hang`: accepts the request and never answers (beyond the client's 2 s read timeout).
 * - `slow`: answers as `up` does, 1.5 s late: after the default deadline, well within a longer one.
 */
export type StandInMode = 'up' | 'down' | '500' | '403' | 'hang' | 'slow';

/** How late a `slow` stand-in answers. */
export const slowStandInMs = 1_500;

export interface RecordedSearchRequest {
  method: string;
  /** Path without the query string, e.g. `/1/indexes/*\/queries`. */
  path: string;
  /** Query-string parameters (the browser build of algoliasearch sends credentials here). */
  query: Record<string, string>;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** Application id and API key, from `x-algolia-*` headers or the query string. */
  appId: string | null;
  apiKey: string | null;
  /** The body as sent, parsed when it is JSON. */
  body: unknown;
}

export interface AlgoliaStandIn {
  name: string;
  mode: StandInMode;
  /** `http://127.0.0.1:<port>`: a value for ALGOLIA_HOSTS. */
  url: string;
  /** What this stand-in received, oldest first (empty for `down`). */
  requests: RecordedSearchRequest[];
  close(): Promise<void>;
}

/** Path on every listening stand-in that returns its recorded requests as JSON. */
export const recordedRequestsPath = '/__standin/requests';

export function standInHitTitle(name: string): string {
  return `From stand-in ${name}`;
}

export async function startAlgoliaStandIn(name: string, mode: StandInMode): Promise<AlgoliaStandIn> {
  const requests: RecordedSearchRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    // No kept-alive sockets: Node's idle timeout can close one just as workerd sends the next search
    // down it ("Network connection lost"), and the search never reaches the stand-in.
    response.shouldKeepAlive = false;
    void handle(name, mode, requests, request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await listen(server);
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  // A port that was just free and is closed again: connecting to it is refused.
  if (mode === 'down') await close();
  return { name, mode, url, requests, close };
}

export type StandInSet = Record<string, AlgoliaStandIn>;

/** Starts one stand-in per entry, e.g. `{ first: 'up', second: 'up', down: 'down' }`. */
export async function startAlgoliaStandIns(modes: Record<string, StandInMode>): Promise<StandInSet> {
  const entries = await Promise.all(
    Object.entries(modes).map(async ([name, mode]) => [name, await startAlgoliaStandIn(name, mode)] as const),
  );
  return Object.fromEntries(entries);
}

export async function closeAlgoliaStandIns(set: StandInSet): Promise<void> {
  await Promise.all(Object.values(set).map((standIn) => standIn.close()));
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function handle(
  name: string,
  mode: StandInMode,
  requests: RecordedSearchRequest[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (request.method === 'GET' && url.pathname === recordedRequestsPath) {
    return sendJson(response, 200, requests);
  }
  const text = await readBody(request);
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  );
  const query = Object.fromEntries(url.searchParams);
  requests.push({
    method: request.method ?? '',
    path: url.pathname,
    query,
    headers,
    appId: headers['x-algolia-application-id'] ?? query['x-algolia-application-id'] ?? null,
    apiKey: headers['x-algolia-api-key'] ?? query['x-algolia-api-key'] ?? null,
    body: parseJson(text),
  });

  if (mode === 'hang') return; // The socket stays open until the client gives up or teardown.
  if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, slowStandInMs));
  if (mode === '500') return sendJson(response, 500, { message: 'Internal stand-in failure', status: 500 });
  if (mode === '403') return sendJson(response, 403, { message: 'Invalid Application-ID or API key', status: 403 });
  // Algolia Insights: the stand-in takes the events and keeps them in `requests`.
  if (request.method === 'POST' && url.pathname === '/1/events') return sendJson(response, 200, { status: 200 });
  if (request.method !== 'POST' || !/^\/1\/indexes\/[^/]+\/queries$/.test(url.pathname)) {
    return sendJson(response, 404, { message: 'Not found on the stand-in', status: 404 });
  }
  const body = parseJson(text) as { requests?: StandInRequest[] } | undefined;
  return sendJson(response, 200, { results: (body?.requests ?? []).map((entry) => standInResult(name, entry)) });
}

interface StandInRequest {
  indexName?: string;
  query?: string;
  hitsPerPage?: number;
  params?: string;
  highlightPreTag?: string;
  highlightPostTag?: string;
  clickAnalytics?: boolean;
}

/** The queryID the stand-in gives a query when click analytics are on, as Algolia does. */
export const standInQueryId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

function standInResult(name: string, request: StandInRequest) {
  const query = request.query ?? new URLSearchParams(request.params ?? '').get('query') ?? '';
  const hitsPerPage = request.hitsPerPage ?? 20;
  const title = standInHitTitle(name);
  const hierarchy = { lvl0: 'Stand-in', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  return {
    hits: [
      {
        objectID: `standin-${name}-1`,
        url: `https://docs.example.test/standin/${name}`,
        url_without_anchor: `https://docs.example.test/standin/${name}`,
        anchor: null,
        type: 'lvl1',
        hierarchy,
        // Like Algolia, the stand-in returns record text as it is, markup included.
        content: `Stand-in text about <b>${query}</b>`,
        language: 'en',
        docusaurus_tag: 'docs-default-current',
        _highlightResult: {
          hierarchy: {
            lvl0: { value: 'Stand-in', matchLevel: 'none', matchedWords: [] },
            lvl1: { value: title, matchLevel: 'none', matchedWords: [] },
          },
        },
        _snippetResult: {
          content: {
            value: `Stand-in text about <b>${request.highlightPreTag ?? '<em>'}${query}${request.highlightPostTag ?? '</em>'}</b>`,
            matchLevel: 'full',
          },
        },
      },
    ],
    nbHits: 1,
    page: 0,
    nbPages: 1,
    hitsPerPage,
    processingTimeMS: 1,
    exhaustiveNbHits: true,
    query,
    params: new URLSearchParams({ query }).toString(),
    index: request.indexName ?? '',
    ...(request.clickAnalytics ? { queryID: standInQueryId } : {}),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}
