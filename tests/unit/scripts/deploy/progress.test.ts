// A deploy given a progress reporter counts the keys it uploads against the total it plans, then
// names the steps after. wrangler is a stand-in that answers as for a first deploy.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../../client/contract/storage.ts';
import { plainProgress } from '../../../../scripts/cli/progress.ts';
import { deployLocked } from '../../../../scripts/deploy/steps.ts';
import { remoteTarget } from '../../../../scripts/deploy/target.ts';
import type { Wrangler, WranglerOutput } from '../../../../scripts/deploy/wrangler.ts';

const ok = (stdout = ''): WranglerOutput => ({ code: 0, stdout, stderr: '' });

/** wrangler over an empty KV: no history, no keys; `wrangler deploy` prints a version. */
const firstDeploy: Wrangler = async (args) => {
  if (args[0] === 'kv' && args[2] === 'get' && args[3] === kvKeys.history) return ok('[]');
  if (args[0] === 'kv' && args[2] === 'list') return ok('[]');
  if (args[0] === 'kv' && args[1] === 'bulk' && args[2] === 'get') return ok('{}\n\nSuccess!\n');
  if (args[0] === 'd1') return ok(JSON.stringify([{ results: [] }]));
  if (args[0] === 'deploy') return ok('Current Version ID: 0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0\n');
  return ok();
};

let root: string;
let outDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-deploy-progress-'));
  outDir = join(root, 'out');
  await mkdir(join(outDir, 'kv'), { recursive: true });
  await mkdir(join(outDir, 'client', 'assets'), { recursive: true });
  await writeFile(join(outDir, 'kv', 'build-id'), 'newbuild0001');
  // Two bulk files, as a larger build writes: the count goes up by each file's entries.
  const entries = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => ({
      key: `page:${String(from + index).padStart(4, '0')}`,
      value: '{}',
    }));
  await writeFile(join(outDir, 'kv', 'bulk-000.json'), JSON.stringify(entries(0, 3)));
  await writeFile(join(outDir, 'kv', 'bulk-001.json'), JSON.stringify(entries(3, 2)));
  await writeFile(join(outDir, 'kv', 'keys.json'), '[]');
  await writeFile(join(outDir, 'client', 'assets', 'main-ABC123.js'), '');
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('a deploy with a progress reporter', () => {
  it('reports the keys uploaded of the total, then each step after, once each', async () => {
    const lines: string[] = [];
    await deployLocked(
      remoteTarget(firstDeploy, join(root, 'archive')),
      outDir,
      () => {},
      plainProgress((line) => lines.push(line)),
    );
    expect(lines.map((line) => line.replace(/ in \d+\.\d\d s$/, ''))).toEqual([
      'upload keys: 5 of 5 keys',
      'assets, migrations, worker, pointer:',
      'collect unused keys:',
    ]);
  });
});
