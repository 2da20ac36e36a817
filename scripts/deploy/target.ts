// Where a deploy goes: Cloudflare (remote) or Miniflare's local state (`--local --persist-to`).
// Both run the very sequence of steps a real deploy runs (steps.ts); Cloudflare's KV and D1 are
// reached through wrangler commands, the local ones in this process through Miniflare, over the
// same folders `wrangler … --local --persist-to` uses (local-state.ts). "Put the worker and its
// assets live" and "bring a worker back" differ too.

import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inTempDir } from '../cli/interrupt.ts';
import { bundleWorker } from '../local/workerd.ts';
import { deployKeys, packWorker, unpackWorker } from './kept-files.ts';
import { publishLocalAssets } from './local-assets.ts';
import { localState } from './local-state.ts';
import {
  DeployError,
  projectWrangler,
  wranglerFailure,
  wranglerStep,
  type Wrangler,
  type WranglerOutput,
} from './wrangler.ts';
import type { DeployTarget } from './deploy-target.ts';

export type { DeployTarget };

const binding = ['--binding', 'CONTENT'];
/** `database_name` of the `[[d1_databases]]` block in wrangler.toml. */
export const analyticsDatabase = 'self-docs-analytics';

/**
 * Cloudflare. The worker version is the one `wrangler deploy` uploads (its static assets go with
 * it); `wrangler rollback <version>` puts an earlier one back at 100% of traffic, with the assets
 * it was deployed with.
 */
export function remoteTarget(wrangler: Wrangler = projectWrangler, archiveDir = '.deploy-assets'): DeployTarget {
  return {
    label: 'Cloudflare',
    ...kvCommands(wrangler, ['--remote']),
    publish: async (clientDir) => {
      const stdout = await wranglerStep(wrangler, 'deploy the worker and its assets', [
        'deploy',
        '--assets',
        clientDir,
      ]);
      process.stdout.write(stdout);
      const version = deployedVersion(stdout);
      if (!version)
        throw new DeployError(
          'deploy the worker and its assets',
          'wrangler did not print the `Current Version ID` of the worker it deployed, so a rollback could not bring it back',
          false,
        );
      return version;
    },
    restoreWorker: async (version) => {
      const stdout = await wranglerStep(wrangler, `roll the worker back to version ${version}`, [
        'rollback',
        version,
        '--message',
        'npm run deploy -- --rollback',
        '--yes',
      ]);
      process.stdout.write(stdout);
    },
    archiveDir,
  };
}

/** The version id in what `wrangler deploy` (or `wrangler rollback`) prints: `Current Version ID: <id>`. */
export function deployedVersion(stdout: string): string | undefined {
  return /Current Version ID:\s*([0-9a-f-]{8,})/i.exec(stdout)?.[1];
}

/**
 * Miniflare's KV and D1 in `persistDir` (the folder `wrangler dev --persist-to` reads). Its assets
 * go to `<persistDir>/assets` and the worker bundle to `<persistDir>/worker`, which the local server
 * runs (see `localServeCommand`). Each bundle deployed is also kept in KV by its hash, so a rollback
 * from any checkout can put it back.
 */
export function localTarget(persistDir: string): DeployTarget & { close(): Promise<void> } {
  const kv = localState(persistDir);
  return {
    label: `local state in ${persistDir}`,
    ...kv,
    publish: async (clientDir, present) => {
      return inTempDir('self-docs-worker-', async (scratch) => {
        const packed = await packWorker(await bundleWorker(scratch));
        if (!present.has(deployKeys.worker(packed.hash)))
          await kv.putEntries(`store the worker bundle ${packed.hash}`, [
            { key: deployKeys.worker(packed.hash), value: packed.value },
          ]);
        // New assets before the new worker, as on Cloudflare the version carries both.
        await publishLocalAssets(clientDir, localAssetsDir(persistDir));
        await placeWorker(packed.value, localWorkerDir(persistDir));
        return packed.hash;
      });
    },
    restoreWorker: async (version) => {
      const value = await kv.getKey(deployKeys.worker(version));
      if (value === null)
        throw new DeployError(
          `bring back worker ${version}`,
          `its bundle (${deployKeys.worker(version)}) is not in KV`,
        );
      await placeWorker(value, localWorkerDir(persistDir));
    },
    archiveDir: join(persistDir, 'deploy-assets'),
  };
}

/** Replaces the served bundle folder with one from KV, in one rename. */
async function placeWorker(value: string, dir: string): Promise<void> {
  const next = `${dir}.next`;
  await rm(next, { recursive: true, force: true });
  await unpackWorker(value, next);
  const old = `${dir}.old`;
  await rm(old, { recursive: true, force: true });
  if (existsSync(dir)) await rename(dir, old);
  await rename(next, dir);
  await rm(old, { recursive: true, force: true });
}

/** The folder a local server serves as the deployed static assets. */
export function localAssetsDir(persistDir: string): string {
  return join(persistDir, 'assets');
}

/** The folder holding the bundle of the worker a local deploy put live. */
export function localWorkerDir(persistDir: string): string {
  return join(persistDir, 'worker');
}

/**
 * How to serve a local deploy: its worker bundle over its KV, D1 and assets. wrangler.toml is named
 * for the bindings, which wrangler dev leaves out when given a script of its own.
 */
export function localServeCommand(persistDir: string, port = 8787): string {
  return (
    `npx wrangler dev -c wrangler.toml ${join(localWorkerDir(persistDir), 'index.js')} --no-bundle --local ` +
    `--persist-to ${persistDir} --assets ${localAssetsDir(persistDir)} --port ${port}`
  );
}

/** Cloudflare's KV and D1, a wrangler command a step. */
function kvCommands(
  wrangler: Wrangler,
  where: string[],
): Omit<DeployTarget, 'label' | 'publish' | 'restoreWorker' | 'archiveDir' | 'close'> {
  const putKeys = async (step: string, file: string) => {
    await wranglerStep(wrangler, step, ['kv', 'bulk', 'put', ...binding, ...where, file]);
  };
  return {
    sql: async (statements) => {
      const stdout = await wranglerStep(wrangler, 'use the deploy lock', [
        'd1',
        'execute',
        analyticsDatabase,
        ...where,
        '--json',
        '--command',
        statements,
      ]);
      try {
        const results = JSON.parse(stdout) as { results: Record<string, unknown>[] }[];
        return results.map((result) => result.results);
      } catch {
        throw new DeployError(
          'use the deploy lock',
          `wrangler printed something that is not JSON:\n${stdout.slice(0, 500)}`,
        );
      }
    },
    putEntries: async (step, entries) => {
      await inTempDir('self-docs-put-', async (dir) => {
        const file = join(dir, 'entries.json');
        await writeFile(file, JSON.stringify(entries));
        await putKeys(step, file);
      });
    },
    getKeys: async (keys) => {
      return inTempDir('self-docs-get-', async (dir) => {
        const file = join(dir, 'keys.json');
        await writeFile(file, JSON.stringify(keys));
        const step = `read ${keys.length} keys`;
        return parseBulkGet(
          step,
          await wranglerStep(wrangler, step, ['kv', 'bulk', 'get', ...binding, ...where, file]),
        );
      });
    },
    migrate: async () => {
      await wranglerStep(wrangler, 'apply the analytics migrations', [
        'd1',
        'migrations',
        'apply',
        analyticsDatabase,
        ...where,
      ]);
    },
    getKey: async (key) => {
      const args = ['kv', 'key', 'get', key, ...binding, ...where];
      const output = await wrangler(args);
      if (isMissingKey(output)) return null;
      if (output.code !== 0) throw wranglerFailure(`read ${key}`, args, output);
      return output.stdout;
    },
    putKeys,
    listKeys: async (prefix) => {
      const step = prefix ? `list the keys under ${prefix}` : 'list the keys';
      const stdout = await wranglerStep(wrangler, step, [
        'kv',
        'key',
        'list',
        ...binding,
        ...where,
        ...(prefix ? ['--prefix', prefix] : []),
      ]);
      return parseKeyList(step, stdout);
    },
    deleteKeys: async (file) => {
      await wranglerStep(wrangler, 'delete old builds', [
        'kv',
        'bulk',
        'delete',
        ...binding,
        ...where,
        '--force',
        file,
      ]);
    },
  };
}

/**
 * How wrangler 4.86 `kv key get` says a key does not exist: locally it exits 0 and prints
 * `Value not found`; remotely the API answers 404 and wrangler exits 1 with
 * `Failed to fetch <url> - 404: Not Found`. Anything else that is not exit 0 is a failed read.
 */
export function isMissingKey(output: WranglerOutput): boolean {
  if (output.code === 0) return output.stdout === 'Value not found\n';
  return / - 404: Not Found/.test(output.stderr);
}

function parseKeyList(step: string, stdout: string): string[] {
  try {
    const keys: unknown = JSON.parse(stdout);
    if (Array.isArray(keys)) return keys.map((key: { name: string }) => key.name);
  } catch {
    // Reported below with what wrangler printed.
  }
  throw new DeployError(step, `wrangler printed something that is not a key list:\n${stdout.slice(0, 500)}`);
}

/**
 * What wrangler 4.86 `kv bulk get` prints: a JSON object by key, then `Success!`. Locally each value
 * is `{ "value": … }`; from Cloudflare the API's `values` object, key to value.
 */
export function parseBulkGet(step: string, stdout: string): Map<string, string | null> {
  try {
    const parsed = JSON.parse(stdout.slice(stdout.indexOf('{'), stdout.lastIndexOf('}') + 1)) as Record<
      string,
      string | null | { value: string | null }
    >;
    return new Map(
      Object.entries(parsed).map(([key, value]) => [
        key,
        value !== null && typeof value === 'object' ? (value.value ?? null) : (value ?? null),
      ]),
    );
  } catch {
    throw new DeployError(step, `wrangler printed something that is not a list of values:\n${stdout.slice(0, 500)}`);
  }
}
