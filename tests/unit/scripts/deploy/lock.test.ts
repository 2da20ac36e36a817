// Two deploys at once: the second stops at the lock, naming who holds it, and deletes nothing; a
// lock whose time ran out (its deploy died) is taken over; and a deploy's collection spares keys
// written after it read the history. Against Miniflare's local KV and D1, as `npm run deploy --
// --local` reaches them, which must be the state wrangler's own `--local --persist-to` commands see.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../../client/contract/storage.ts';
import { readLock, releaseLock, takeLock } from '../../../../scripts/deploy/lock.ts';
import { deployBuild } from '../../../../scripts/deploy/steps.ts';
import { analyticsDatabase, localTarget, type DeployTarget } from '../../../../scripts/deploy/target.ts';
import { projectWrangler } from '../../../../scripts/deploy/wrangler.ts';
import { deployCli } from '../../support/local-deploy.ts';

let root: string;
let persist: string;
let target: DeployTarget;

/** The smallest build the deploy steps read: its id, one key of its own, its key record, one hashed asset. */
async function fakeBuild(id: string): Promise<string> {
  const outDir = join(root, id);
  await mkdir(join(outDir, 'kv'), { recursive: true });
  await mkdir(join(outDir, 'client', 'assets'), { recursive: true });
  await writeFile(join(outDir, 'kv', 'build-id'), id);
  await writeFile(
    join(outDir, 'kv', 'bulk-000.json'),
    JSON.stringify([
      { key: kvKeys.manifest(id), value: '{}' },
      { key: kvKeys.keys(id), value: '[]' },
    ]),
  );
  await writeFile(join(outDir, 'kv', 'keys.json'), '[]');
  await writeFile(join(outDir, 'client', 'assets', `main-${id}.js`), `// ${id}\n`);
  return outDir;
}

const keys = async () => (await target.listKeys('')).sort();
/** Puts a lock as another deploy would have, `seconds` from now (negative: one that ran out). */
const lockedBy = (holder: string, seconds: number) =>
  target.sql(
    'CREATE TABLE IF NOT EXISTS deploy_lock (id INTEGER PRIMARY KEY CHECK (id = 1), holder TEXT NOT NULL, ' +
      'token TEXT NOT NULL, until INTEGER NOT NULL); DELETE FROM deploy_lock; ' +
      `INSERT INTO deploy_lock VALUES (1, '${holder}', 'their-token', unixepoch() + ${seconds})`,
  );
const orphan = 'page:orphan-no-build-uses-it';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-deploy-lock-'));
  persist = join(root, 'state');
  target = localTarget(persist);
  // A content key no build uses: what a deploy's collection deletes when it runs.
  await target.putEntries('seed', [{ key: orphan, value: 'left over' }]);
}, 180_000);

afterAll(async () => {
  await target.close?.();
  await rm(root, { recursive: true, force: true });
});

describe('the deploy lock', { timeout: 180_000 }, () => {
  it('is taken by one deploy at a time, and released', async () => {
    const lock = await takeLock(target, 'first deploy');
    await expect(takeLock(target, 'second deploy')).rejects.toThrow(/another deploy holds it: first deploy, until /);
    await releaseLock(target, lock);
    expect(await readLock(target)).toBeNull();
  });

  it('stops a second deploy with a message naming the holder and when it runs out, and it deletes nothing', async () => {
    await lockedBy('ci-runner-7 (pid 4242)', 600);
    const { until } = (await readLock(target))!;
    const before = await keys();
    const attempt = deployBuild(target, await fakeBuild('second00001'), () => {});
    await expect(attempt).rejects.toThrow(
      `take the deploy lock failed: another deploy holds it: ci-runner-7 (pid 4242), until ${new Date(until * 1000).toISOString()}`,
    );
    expect(await keys()).toEqual(before);
    expect(before).toContain(orphan);
    expect(await readLock(target)).toMatchObject({ holder: 'ci-runner-7 (pid 4242)' });
  });

  it('stops `npm run deploy` before it builds, and says the live build did not change', async () => {
    const result = await deployCli(['--local', '--persist', persist, '--content', join(root, 'no-site')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/deploy stopped: take the deploy lock failed: another deploy holds it: ci-runner-7/);
    expect(result.stderr).toContain('the live build did not change');
    expect(result.stdout).not.toMatch(/built \d+ pages/);
  });

  it('is released when the deploy fails', async () => {
    await lockedBy('a deploy that died', -1);
    const out = await fakeBuild('broken00001');
    await writeFile(join(out, 'kv', 'bulk-000.json'), JSON.stringify([{ key: 1 }]));
    await expect(deployBuild(target, out, () => {})).rejects.toThrow(/upload build broken00001/);
    expect(await readLock(target)).toBeNull();
  });
});

describe('a deploy that takes over a lock that ran out, while another deploy uploads', { timeout: 300_000 }, () => {
  const late = 'page:written-by-a-concurrent-deploy';
  let history: string[];
  let after: string[];

  beforeAll(async () => {
    await target.putEntries('seed', [{ key: orphan, value: 'left over' }]);
    await lockedBy('a deploy that died', -1);
    // The other deploy (one that also took over the lock) uploads while this one does.
    const racing: DeployTarget = {
      ...target,
      putKeys: async (step, file) => {
        await target.putKeys(step, file);
        if (step.startsWith('upload build')) await target.putEntries('the other deploy', [{ key: late, value: 'x' }]);
      },
    };
    ({ history } = await deployBuild(racing, await fakeBuild('takeover001'), () => {}));
    after = await keys();
  }, 300_000);

  it('takes the lock over, deploys, and releases it', async () => {
    expect(history).toEqual(['takeover001']);
    expect(await readLock(target)).toBeNull();
  });

  it('collects the keys no kept build uses that were there when it read the history', () => {
    expect(after).not.toContain(orphan);
  });

  it('spares a key written after it read the history', () => {
    expect(after).toContain(late);
  });

  it('leaves its migrations, lock and keys where wrangler’s own `--local --persist-to` commands find them', async () => {
    await lockedBy('seen by wrangler', 600);
    // The SQLite files are wrangler's alone while it reads them, as after a deploy.
    await target.close?.();
    const where = [analyticsDatabase, '--local', '--persist-to', persist];
    const migrations = await projectWrangler(['d1', 'migrations', 'apply', ...where]);
    expect(migrations.stdout).toContain('No migrations to apply');
    const rows = await projectWrangler([
      'd1',
      'execute',
      ...where,
      '--json',
      '--command',
      'SELECT holder FROM deploy_lock',
    ]);
    expect(JSON.parse(rows.stdout)).toMatchObject([{ results: [{ holder: 'seen by wrangler' }] }]);
    const value = await projectWrangler([
      'kv',
      'key',
      'get',
      late,
      '--binding',
      'CONTENT',
      '--local',
      '--persist-to',
      persist,
    ]);
    expect(value.stdout).toBe('x');
  });
});
