// Where a deploy goes: Cloudflare (remote) or Miniflare's local state (`--local --persist-to`).
// Both speak to KV through the same wrangler commands, so `--local` runs the very sequence a
// real deploy runs; only "put the worker and its assets live" differs.

import { join } from 'node:path';
import { publishLocalAssets } from './local-assets.ts';
import {
  DeployError,
  projectWrangler,
  wranglerFailure,
  wranglerStep,
  type Wrangler,
  type WranglerOutput,
} from './wrangler.ts';

export interface DeployTarget {
  /** For messages: `Cloudflare` or `local state in DIR`. */
  label: string;
  /** A key's value; null when the key does not exist. A failed read throws a DeployError. */
  getKey(key: string): Promise<string | null>;
  /** `wrangler kv bulk put` of a JSON file of `{ key, value }`. */
  putKeys(step: string, file: string): Promise<void>;
  /** Names of the keys that start with `prefix` (every key for ''). */
  listKeys(prefix: string): Promise<string[]>;
  /** `wrangler kv bulk delete` of a JSON file of key names. */
  deleteKeys(file: string): Promise<void>;
  /** Applies worker/migrations/ to the analytics D1 (wrangler keeps track of what is applied). */
  migrate(): Promise<void>;
  /** Puts the worker and this client folder (static assets) live. */
  publish(clientDir: string): Promise<void>;
  /** Hashed assets of kept builds, carried from deploy to deploy (see assets-archive.ts). */
  archiveDir: string;
}

const binding = ['--binding', 'CONTENT'];
/** `database_name` of the `[[d1_databases]]` block in wrangler.toml. */
export const analyticsDatabase = 'self-docs-analytics';

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
    },
    archiveDir,
  };
}

/**
 * Miniflare's KV in `persistDir` (the folder `wrangler dev --persist-to` reads). Its assets go to
 * `<persistDir>/assets`, which the local server serves (`wrangler dev --assets <persistDir>/assets`);
 * the worker itself is whatever code that server runs.
 */
export function localTarget(persistDir: string, wrangler: Wrangler = projectWrangler): DeployTarget {
  return {
    label: `local state in ${persistDir}`,
    ...kvCommands(wrangler, ['--local', '--persist-to', persistDir]),
    publish: (clientDir) => publishLocalAssets(clientDir, localAssetsDir(persistDir)),
    archiveDir: join(persistDir, 'deploy-assets'),
  };
}

/** The folder a local server serves as the deployed static assets. */
export function localAssetsDir(persistDir: string): string {
  return join(persistDir, 'assets');
}

function kvCommands(wrangler: Wrangler, where: string[]): Omit<DeployTarget, 'label' | 'publish' | 'archiveDir'> {
  return {
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
    putKeys: async (step, file) => {
      await wranglerStep(wrangler, step, ['kv', 'bulk', 'put', ...binding, ...where, file]);
    },
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
