// Starts the built site under wrangler dev on a spare port with its own state, for measuring.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { seedLocalKv } from '../local-kv.ts';
import { run, start } from '../run.ts';

export interface RunningSite {
  origin: string;
  /** wrangler's local state folder (KV, cache). */
  persist: string;
  stop: () => Promise<void>;
}

export async function startSite(outDir: string, port: number): Promise<RunningSite> {
  const persist = await mkdtemp(join(tmpdir(), 'self-docs-bench-'));
  await seedLocalKv({ outDir, persistTo: persist });
  const child: ChildProcess = start(
    'npx',
    [
      'wrangler',
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--local',
      '--show-interactive-dev-session=false',
      '--log-level',
      'error',
      '--assets',
      join(outDir, 'client'),
      '--persist-to',
      persist,
    ],
    'pipe',
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the site did not answer within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    origin,
    persist,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await rm(persist, { recursive: true, force: true });
    },
  };
}

/**
 * The worker straight on workerd (Miniflare), without wrangler dev's proxy in front, for load
 * figures: the proxy adds ~3 ms to every request on this machine, more than a cached search
 * costs. Reads the KV state that `startSite` seeded. `HTML_CACHE_TTL` 0 makes every page
 * request a real server render.
 */
export async function startWorkerd(
  origin: RunningSite,
  port: number,
  bindings: Record<string, string>,
): Promise<RunningSite> {
  const bundleDir = await mkdtemp(join(tmpdir(), 'self-docs-bench-worker-'));
  await run('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', bundleDir], { quiet: true });
  const { Miniflare } = await import('miniflare');
  const mf = new Miniflare({
    modules: true,
    modulesRoot: bundleDir,
    scriptPath: join(bundleDir, 'index.js'),
    compatibilityDate: '2026-04-01',
    cf: false,
    kvNamespaces: { CONTENT: 'self-docs-content' },
    kvPersist: join(origin.persist, 'v3', 'kv'),
    cachePersist: join(bundleDir, 'cache'),
    bindings,
    host: '127.0.0.1',
    port,
  });
  const url = await mf.ready;
  return {
    origin: url.origin,
    persist: origin.persist,
    stop: async () => {
      await mf.dispose();
      await rm(bundleDir, { recursive: true, force: true });
    },
  };
}
