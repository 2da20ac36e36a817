// The worker straight on workerd through Miniflare, bundled by wrangler as a real deploy bundles
// it: used where wrangler dev's proxy would get in the way (load figures, deploy tests).

import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Miniflare, MiniflareOptions } from 'miniflare';
import { wranglerBin, wranglerStep, type Wrangler } from '../deploy/wrangler.ts';
import { offlineEnv, runCollecting } from '../cli/run.ts';

/**
 * `wrangler deploy --dry-run` into `dir/bundle`; returns that folder. `entry`: another entry than
 * wrangler.toml's `main` (a bench's wrapper of the worker).
 */
export async function bundleWorker(dir: string, entry?: string): Promise<string> {
  // The dry run insists on an assets folder (wrangler.toml names ./dist/client, which may not
  // exist); the bundle does not depend on what is in it.
  await mkdir(join(dir, 'no-assets'), { recursive: true });
  const bundleDir = join(dir, 'bundle');
  // As a deploy bundles it: wrangler takes NODE_ENV from its environment (vitest's is `test`,
  // which would bundle React's development build).
  const wrangler: Wrangler = (args) =>
    runCollecting(process.execPath, [wranglerBin, ...args], {
      ...offlineEnv,
      FORCE_COLOR: '0',
      NODE_ENV: 'production',
    });
  await wranglerStep(wrangler, 'bundle the worker', [
    'deploy',
    '--dry-run',
    '--outdir',
    bundleDir,
    '--assets',
    join(dir, 'no-assets'),
    ...(entry ? [entry] : []),
  ]);
  // wrangler names the bundle after its entry; workerd starts index.js.
  if (entry)
    await rename(join(bundleDir, `${basename(entry).replace(/\.[cm]?[jt]s$/, '')}.js`), join(bundleDir, 'index.js'));
  return bundleDir;
}

/** The modules of a `bundleWorker` folder as wrangler uploads them (source maps and its README are not), by name. */
export function bundleModules(bundleDir: string): Map<string, Buffer> {
  const modules = new Map<string, Buffer>();
  for (const name of readdirSync(bundleDir).sort()) {
    if (name.endsWith('.map') || name === 'README.md') continue;
    modules.set(name, readFileSync(join(bundleDir, name)));
  }
  return modules;
}

export interface WorkerdSite {
  bundleDir: string;
  /** wrangler's local state folder: KV is read from `<persist>/v3/kv`. */
  persist: string;
  port: number;
  bindings: Record<string, string>;
  /** Static assets, served before the worker as Workers Static Assets does. */
  assetsDir?: string;
  /**
   * Instead of `assetsDir`: the `ASSETS` binding is workerd's own disk service over this folder, with
   * no router in front and no simulator in JavaScript between the worker and the files. On Cloudflare
   * the static-assets service is the platform's, not billed to the worker; locally Miniflare runs it
   * as workers of its own, which add CPU time to every read.
   */
  assetsFromDisk?: string;
  /** Where the Cache API keeps its entries; in memory when absent. */
  cachePersist?: string;
  /**
   * Also open a socket straight to the worker (Miniflare's `unsafeDirectSockets`, on a spare port):
   * no entry worker, which exists only in local Miniflare. Not with `assetsDir`, since with it
   * Miniflare sends that socket through the assets router too.
   */
  directSocket?: boolean;
  /** The direct socket's port (0, the default: any free port). */
  directPort?: number;
}

/** wrangler.toml's `assets.run_worker_first`: paths the worker answers without asking the assets service. */
export const workerFirstPaths = ['/1/*', '/__search'];

/** Miniflare options equivalent to wrangler.toml's, for a bundle from `bundleWorker`. */
export function workerdOptions(site: WorkerdSite): MiniflareOptions {
  if (site.directSocket && site.assetsDir)
    throw new Error(
      'workerdOptions: a direct socket with assetsDir would still go through the assets router; use assetsFromDisk',
    );
  if (site.assetsDir && site.assetsFromDisk)
    throw new Error('workerdOptions: give assetsDir or assetsFromDisk, not both');
  return {
    modules: true,
    modulesRoot: site.bundleDir,
    scriptPath: join(site.bundleDir, 'index.js'),
    // wrangler's bundle imports its WebAssembly (the postings decoder) as compiled modules.
    modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
    compatibilityDate: '2026-04-01',
    cf: false,
    kvNamespaces: { CONTENT: 'self-docs-content' },
    kvPersist: join(site.persist, 'v3', 'kv'),
    // wrangler.toml's `[version_metadata]`: Miniflare gives it a new id each time it starts the worker.
    versionMetadata: 'CF_VERSION_METADATA',
    ...(site.cachePersist ? { cachePersist: site.cachePersist } : {}),
    ...(site.assetsDir
      ? {
          assets: {
            directory: site.assetsDir,
            binding: 'ASSETS',
            routerConfig: { has_user_worker: true, static_routing: { user_worker: workerFirstPaths } },
          },
        }
      : {}),
    ...(site.assetsFromDisk ? { serviceBindings: { ASSETS: { disk: { path: site.assetsFromDisk } } } } : {}),
    ...(site.directSocket ? { unsafeDirectSockets: [{ host: '127.0.0.1', port: site.directPort ?? 0 }] } : {}),
    bindings: site.bindings,
    host: '127.0.0.1',
    port: site.port,
  };
}

export async function startWorkerdSite(
  site: WorkerdSite,
): Promise<{ mf: Miniflare; origin: string; directOrigin?: string }> {
  const { Miniflare } = await import('miniflare');
  const mf = new Miniflare(workerdOptions(site));
  try {
    const { origin } = await mf.ready;
    return { mf, origin, ...(site.directSocket ? { directOrigin: (await mf.unsafeGetDirectURL()).origin } : {}) };
  } catch (error) {
    await mf.dispose();
    throw error;
  }
}
