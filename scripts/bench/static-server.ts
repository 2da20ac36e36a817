// A folder served as `docusaurus serve` serves a build: serve-handler on Node's http server,
// with Docusaurus's own options. It runs in a process of its own, as `docusaurus serve` does, so
// it never shares an event loop with the load generator (the worker runs in workerd's own process).
// Run directly (`node --import tsx static-server.ts DIR PORT`) it serves; imported, it starts one.

import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import serveHandler from 'serve-handler';
import { startGroup } from '../cli/process-group.ts';

type ServeOptions = NonNullable<Parameters<typeof serveHandler>[2]>;

/** The options `docusaurus serve` passes (Docusaurus 3, baseUrl `/`, no trailingSlash setting). */
export function docusaurusServeOptions(dir: string): ServeOptions {
  return { public: dir, cleanUrls: true, trailingSlash: undefined, directoryListing: false };
}

export interface StaticServer {
  origin: string;
  /** The Node process serving (for its CPU time). */
  pid: number;
  stop: () => Promise<void>;
}

export async function startStaticServer(dir: string, port: number): Promise<StaticServer> {
  const server = startGroup(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.url), dir, String(port)],
    {
      stdio: 'pipe',
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  let exit: string | undefined;
  void server.exited.then(({ code, error }) => (exit = error?.message ?? `exited with ${code}`));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(origin);
      return { origin, pid: server.pid, stop: server.stop };
    } catch {
      // Not listening yet.
    }
    if (exit !== undefined || Date.now() > deadline) {
      await server.stop();
      throw new Error(
        `serve-handler on ${origin} ${exit ?? 'did not answer within 30 s'}\n${server.output().trim()}`.trim(),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, port] = process.argv.slice(2);
  if (!dir || !port) {
    console.error('usage: node --import tsx scripts/bench/static-server.ts DIR PORT');
    process.exit(2);
  }
  const options = docusaurusServeOptions(dir);
  createServer((request, response) => void serveHandler(request, response, options)).listen(Number(port), '127.0.0.1');
}
