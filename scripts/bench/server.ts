// Starts the built site under wrangler dev on a spare port with its own state, for measuring.

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kvKeys } from '../../client/contract/storage.ts';
import { seedLocalKv } from '../local/local-kv.ts';
import { startGroup } from '../cli/process-group.ts';
import { offlineEnv } from '../cli/run.ts';
import { bundleWorker, startWorkerdSite } from '../local/workerd.ts';
import { childrenNamed } from './process-tree.ts';

export interface RunningSite {
  origin: string;
  /** The build folder served (`--out`). */
  outDir: string;
  /** wrangler's local state folder (KV, cache). */
  persist: string;
  /** The workerd process serving it, when this process started one directly (for its CPU time). */
  workerdPid?: number;
  /** The worker's own socket in that process, past Miniflare's entry worker (`directSocket`). */
  directOrigin?: string;
  /**
   * Starts what Cloudflare keeps running (KV, the Cache API, the static-assets service) without a
   * request to the worker, which Miniflare otherwise starts on the first request that uses them.
   */
  wakeServices?: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * `entry` replaces wrangler.toml's `main` (a bench-only wrapper of the worker, e.g.
 * slow-kv-worker.ts); `vars` are given to it as wrangler dev `--var`s. `production`: bundled with
 * React's production build, as a deploy bundles it (wrangler dev's own default is the development
 * build, several times slower to render).
 */
export interface SiteOptions {
  entry?: string;
  vars?: Record<string, string>;
  production?: boolean;
}

/**
 * The secret a deployed site signs its search answers' queryIDs with (`wrangler secret put`): the
 * benches' workers sign as it does, and no fresh isolate warns that the secret is missing.
 */
const querySecret = randomBytes(32).toString('hex');

export async function startSite(outDir: string, port: number, options: SiteOptions = {}): Promise<RunningSite> {
  const persist = await mkdtemp(join(tmpdir(), 'self-docs-bench-'));
  await seedLocalKv({ outDir, persistTo: persist });
  // npx → wrangler → workerd: all in one process group, so stop() ends every one of them.
  const wrangler = startGroup(
    'npx',
    [
      'wrangler',
      'dev',
      ...(options.entry ? [options.entry] : []),
      ...Object.entries({ QUERY_ID_SECRET: querySecret, ...options.vars }).flatMap(([name, value]) => [
        '--var',
        `${name}:${value}`,
      ]),
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      // Its own debugger port, so that two benches (or a bench and npm start) can run side by side.
      '--inspector-port',
      String(port + 1000),
      '--local',
      '--show-interactive-dev-session=false',
      '--log-level',
      'error',
      '--assets',
      join(outDir, 'client'),
      '--persist-to',
      persist,
    ],
    { stdio: 'pipe', ...(options.production ? { env: { ...offlineEnv, NODE_ENV: 'production' } } : {}) },
  );
  const stop = async () => {
    await wrangler.stop();
    await rm(persist, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(origin, wrangler.exited, 120_000);
  } catch (error) {
    await stop();
    const output = wrangler.output().trim();
    throw new Error(`${(error as Error).message}${output ? `\nwrangler dev said:\n${output}` : ''}`, { cause: error });
  }
  return { origin, outDir, persist, stop };
}

/**
 * Waits until `origin/` answers 200 and `ready()` holds (npm start's whole build served: its early
 * build answers 200 too, and the open tabs reload once the whole build is served).
 */
export async function waitUntilAnswering(
  origin: string,
  exited: Promise<{ code: number | null }>,
  withinMs: number,
  ready: () => boolean = () => true,
) {
  let exitCode: number | null | undefined;
  void exited.then(({ code }) => (exitCode = code));
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`wrangler dev exited with ${exitCode} before serving ${origin}`);
    try {
      if ((await fetch(`${origin}/`)).ok && ready()) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the site did not answer on ${origin} within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The worker straight on workerd (Miniflare), without wrangler dev's proxy in front, for load
 * figures: the proxy adds more to every request than a cached search costs. Reads the KV state
 * that `startSite` seeded. `HTML_CACHE_TTL` 0 makes every page request a real server render.
 * `assets: false` leaves out the static-assets layer (its router asks the assets service about
 * every path before the worker sees it), so pages go straight to the worker; search then finds no
 * index pieces. `assets: 'disk'` binds the worker's `ASSETS` to
 * workerd's own disk service instead (no router, no Miniflare simulator: see `assetsFromDisk`).
 * `directSocket` (not with `assets: true`) also opens a port straight to the worker, past the entry
 * worker Miniflare puts in front locally.
 */
export async function startWorkerd(
  site: RunningSite,
  port: number,
  bindings: Record<string, string>,
  options: { assets?: boolean | 'disk'; bundleDir?: string; directSocket?: boolean } = {},
): Promise<RunningSite> {
  const workDir = await mkdtemp(join(tmpdir(), 'self-docs-bench-worker-'));
  try {
    // A bench that starts many fresh workerds bundles once and passes the bundle.
    const bundleDir = options.bundleDir ?? (await bundleWorker(workDir));
    const running = new Set(childrenNamed(process.pid, 'workerd'));
    const assetsDir = join(site.outDir, 'client');
    const { mf, origin, directOrigin } = await startWorkerdSite({
      bundleDir,
      persist: site.persist,
      port,
      bindings: { QUERY_ID_SECRET: querySecret, ...bindings },
      cachePersist: join(workDir, 'cache'),
      // The build's static assets: the search index's pieces are read through this binding.
      assetsDir: options.assets === false || options.assets === 'disk' ? undefined : assetsDir,
      assetsFromDisk: options.assets === 'disk' ? assetsDir : undefined,
      directSocket: options.directSocket,
    });
    const stop = async () => {
      await mf.dispose();
      await rm(workDir, { recursive: true, force: true });
    };
    const workerdPid = childrenNamed(process.pid, 'workerd').find((pid) => !running.has(pid));
    const wakeServices = async () => {
      // Miniflare's own proxy worker reaches the same KV and cache services as the worker's
      // bindings ("cache:0" is the first worker's); the worker's isolate answers nothing.
      await (await mf.getKVNamespace('CONTENT')).get(kvKeys.current);
      await (await mf.getCaches()).default.match('https://wake.internal/');
      // A file the assets service serves itself (the router never hands it to the worker). The
      // disk service is workerd's own: nothing to start.
      if (options.assets === undefined || options.assets === true)
        await (await fetch(`${origin}/robots.txt`)).arrayBuffer();
    };
    return { origin, outDir: site.outDir, persist: site.persist, workerdPid, directOrigin, wakeServices, stop };
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}
