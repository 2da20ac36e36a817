// `npm start` (scripts/dev.ts) when wrangler dev cannot serve: its port is taken while the first
// build is being served early (SELF_DEV_HOLD_FILE holds the compile), so wrangler dev exits. npm
// start says so and exits too, instead of waiting minutes for a server that is gone. Port:
// DEV_EXIT_PORT (default 8826).

import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGroup, type GroupedChild } from '../../../scripts/cli/process-group.ts';
import { offlineEnv } from '../../../scripts/cli/run.ts';
import { npmStartArgs } from '../../../scripts/local/npm-start-args.ts';

const port = Number(process.env.DEV_EXIT_PORT ?? 8826);
let work: string;
let taken: Server;
let server: GroupedChild;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'self-docs-dev-exit-'));
  const site = join(work, 'site');
  await cp(resolve('tests/fixtures/docusaurus-site'), site, { recursive: true });
  const hold = join(work, 'hold');
  await writeFile(hold, '');
  // Holds the port, and answers nothing: a connection made to it is closed at once.
  taken = createServer((socket) => socket.destroy());
  await new Promise<void>((done) => taken.listen(port, '127.0.0.1', done));
  server = startGroup('npx', npmStartArgs(site, work), {
    stdio: 'pipe',
    env: { ...offlineEnv, PORT: String(port), SELF_BUILD_THREADS: '0', SELF_DEV_HOLD_FILE: hold },
  });
});

afterAll(async () => {
  await server?.stop();
  await new Promise((done) => taken?.close(done));
  await rm(work, { recursive: true, force: true });
});

it('exits with wrangler dev, saying so, when wrangler dev ends before it takes the build', async () => {
  // The test's own time limit is far below the 300 s npm start would otherwise wait for wrangler dev.
  const exit = await server.exited;
  expect(exit.code).not.toBe(0);
  expect(server.output()).toMatch(
    /wrangler dev exited \((?:code \d+|SIG\w+)\) before it served the site: npm start stops/,
  );
});
