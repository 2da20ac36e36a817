// A fixture site served the way `npm start` serves one (build, local KV, wrangler dev), on a
// free port of its own with its own build and state folders, for browser tests that need
// content the SELF site does not have. Started by a spec's beforeAll, stopped by its afterAll.

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntilAnswering } from '../../scripts/bench/server.ts';
import { startGroup } from '../../scripts/cli/process-group.ts';
import { offlineEnv } from '../../scripts/cli/run.ts';

export interface FixtureServer {
  origin: string;
  stop(): Promise<void>;
}

export async function startFixtureServer(siteDir: string): Promise<FixtureServer> {
  const port = await freePort();
  const work = await mkdtemp(join(tmpdir(), 'self-docs-e2e-fixture-'));
  const server = startGroup(
    'npx',
    ['tsx', 'scripts/dev.ts', '--content', siteDir, '--out', join(work, 'dist'), '--persist', join(work, 'state')],
    { stdio: 'pipe', env: { ...offlineEnv, PORT: String(port) } },
  );
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  };
  try {
    // Build, two KV seeds and wrangler's start-up.
    await waitUntilAnswering(origin, server.exited, 180_000);
  } catch (error) {
    const output = server.output().trim();
    await stop();
    throw new Error(`${(error as Error).message}${output ? `\nnpm start said:\n${output}` : ''}`, { cause: error });
  }
  return { origin, stop };
}

/** A port nothing listens on right now: the system picks it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
