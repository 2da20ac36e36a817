// A fixture site served the way `npm start` serves one (build, local KV, wrangler dev), on a
// free port of its own with its own build and state folders, for browser tests that edit a copy
// of a site while it is served (live reload). Tests that only need content the SELF site does not
// have use built-site.ts, which costs far less. Started by a spec's beforeAll, stopped by its afterAll.

import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { waitUntilAnswering } from '../../scripts/bench/server.ts';
import { freePort } from '../../scripts/cli/free-port.ts';
import { startGroup } from '../../scripts/cli/process-group.ts';
import { npmStartArgs, servesWholeBuild } from '../../scripts/local/npm-start-args.ts';
import { offlineEnv } from '../../scripts/cli/run.ts';

export interface FixtureServer {
  origin: string;
  /** The folder served: a copy of the site's when asked for one. */
  siteDir: string;
  stop(): Promise<void>;
}

export interface FixtureServerOptions {
  /** Serve a copy of the site, which the test may edit (it goes with the server). */
  copy?: boolean;
  /** A port of the test's own; a free one by default. */
  port?: number;
}

export async function startFixtureServer(siteDir: string, options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const port = options.port ?? (await freePort());
  const work = await mkdtemp(join(tmpdir(), 'self-docs-e2e-fixture-'));
  const served = options.copy ? await copySite(siteDir, join(work, 'site')) : siteDir;
  // A copy's compile cache goes with it: by default each temporary folder would leave one in node_modules.
  const server = startGroup('npx', npmStartArgs(served, work, options.copy ? { cache: join(work, 'cache') } : {}), {
    stdio: 'pipe',
    env: { ...offlineEnv, PORT: String(port) },
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  };
  try {
    // The build, wrangler's start-up beside it, and the whole build's pointer.
    await waitUntilAnswering(origin, server.exited, 180_000, servesWholeBuild(server.output));
  } catch (error) {
    const output = server.output().trim();
    await stop();
    throw new Error(`${(error as Error).message}${output ? `\nnpm start said:\n${output}` : ''}`, { cause: error });
  }
  return { origin, siteDir: served, stop };
}

/** Copies a site folder; its config still finds `self-docs/config`, which only resolves inside this repository. */
async function copySite(siteDir: string, copy: string): Promise<string> {
  await cp(siteDir, copy, { recursive: true });
  await mkdir(join(copy, 'node_modules'), { recursive: true });
  await symlink(resolve('.'), join(copy, 'node_modules', 'self-docs'), 'dir');
  return copy;
}
