// A proxy in front of the site that hands the browser each HTML document in small pieces with a
// pause between them, as a slow connection does; everything else passes through whole.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlowConnection {
  /** The proxy's origin, e.g. http://127.0.0.1:40123. */
  origin: string;
  close(): Promise<void>;
}

/** Headers that described the upstream body as it was sent, not as the proxy sends it. */
const bodyFraming = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection']);

export async function slowConnection(
  site: string,
  { pieceBytes = 700, pauseMs = 15 }: { pieceBytes?: number; pauseMs?: number } = {},
): Promise<SlowConnection> {
  const server: Server = createServer(async (request, response) => {
    try {
      const upstream = await fetch(new URL(request.url ?? '/', site), {
        headers: { accept: request.headers.accept ?? '*/*', cookie: request.headers.cookie ?? '' },
        redirect: 'manual',
      });
      const headers = [...upstream.headers].filter(([name]) => !bodyFraming.has(name));
      // Set-Cookie may come more than once: Headers joins them, getSetCookie keeps them apart.
      const cookies = upstream.headers.getSetCookie();
      // Node takes a list of headers flat: name, value, name, value…
      response.writeHead(upstream.status, [
        ...headers.filter(([name]) => name !== 'set-cookie').flat(),
        ...cookies.flatMap((cookie) => ['set-cookie', cookie]),
      ]);
      const body = Buffer.from(await upstream.arrayBuffer());
      if (!upstream.headers.get('content-type')?.includes('text/html')) return void response.end(body);
      for (let at = 0; at < body.length; at += pieceBytes) {
        response.write(body.subarray(at, at + pieceBytes));
        await new Promise((resume) => setTimeout(resume, pauseMs));
      }
      response.end();
    } catch (error) {
      response.destroy(error as Error);
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}
