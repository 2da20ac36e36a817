// A deploy that cannot do a step stops there, says which step and what wrangler said, and
// never moves the pointer or rewrites the history it could not read. wrangler is a stand-in
// here that answers as wrangler 4.86 does (exit code, stdout, stderr).

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../../client/contract/storage.ts';
import { deployBuild, readHistory, rollBack } from '../../../../scripts/deploy/steps.ts';
import { isMissingKey, remoteTarget } from '../../../../scripts/deploy/target.ts';
import { DeployError, type Wrangler, type WranglerOutput } from '../../../../scripts/deploy/wrangler.ts';
import { deployCli } from '../../support/local-deploy.ts';
import { page, writeSite } from '../../support/sites.ts';

const ok = (stdout = ''): WranglerOutput => ({ code: 0, stdout, stderr: '' });
const failed = (stderr: string): WranglerOutput => ({ code: 1, stdout: '', stderr });
const apiDown = failed(
  '\u001b[31m✘ [ERROR] A request to the Cloudflare API (/accounts/a1/storage/kv/namespaces/n1/values/build%3Ahistory) failed.\u001b[0m\n\n  fetch failed\n',
);
const notFound = (key: string) =>
  failed(
    `✘ [ERROR] Failed to fetch https://api.cloudflare.com/client/v4/accounts/a1/storage/kv/namespaces/n1/values/${encodeURIComponent(key)} - 404: Not Found);\n`,
  );

/** Values the stand-ins were asked to bulk-put, by key (JSON values parsed). */
const recorded = new Map<string, unknown>();

/** A wrangler stand-in that answers with `answer` and records every call (and every bulk put's entries). */
function standIn(answer: (args: string[]) => WranglerOutput): { wrangler: Wrangler; calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    wrangler: async (args) => {
      calls.push(args);
      if (args[0] === 'kv' && args[1] === 'bulk' && args[2] === 'put') {
        const entries = JSON.parse(await readFile(args.at(-1)!, 'utf8')) as { key: string; value: string }[];
        for (const { key, value } of entries) recorded.set(key, parseOr(value));
      }
      return answer(args);
    },
  };
}

const parseOr = (value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const isGet = (args: string[], key: string) => args[0] === 'kv' && args[2] === 'get' && args[3] === key;

/**
 * What wrangler answers a deploy whose KV holds `history` and nothing else: the lock is free, the
 * key list and bulk reads are empty, `wrangler deploy` prints a version.
 */
function deployAnswers(history: string[]): (args: string[]) => WranglerOutput {
  return (args) => {
    if (args[0] === 'd1' && args[1] === 'execute') {
      const command = args.at(-1)!;
      const token = /VALUES \(1, '[^']*', '([^']+)'/.exec(command)?.[1];
      const lockRow = token ? [{ holder: 'test', token, until: 2_000_000_000 }] : [];
      return ok(JSON.stringify([{ results: [] }, { results: [] }, { results: lockRow }]));
    }
    if (isGet(args, kvKeys.history)) return ok(JSON.stringify(history));
    if (args[0] === 'kv' && args[2] === 'list') return ok('[]');
    if (args[0] === 'kv' && args[1] === 'bulk' && args[2] === 'get') return ok('{}\n\nSuccess!\n');
    if (args[0] === 'deploy') return ok('Current Version ID: 0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0\n');
    return ok();
  };
}
const writes = (calls: string[][]) => calls.filter((args) => args.includes('put') || args[0] === 'deploy');

let root: string;
let outDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-deploy-failures-'));
  // The smallest build the deploy steps read: its id, its keys and one hashed asset.
  outDir = join(root, 'out');
  await mkdir(join(outDir, 'kv'), { recursive: true });
  await mkdir(join(outDir, 'client', 'assets'), { recursive: true });
  await writeFile(join(outDir, 'kv', 'build-id'), 'newbuild0001');
  await writeFile(
    join(outDir, 'kv', 'bulk-000.json'),
    JSON.stringify([{ key: 'b:newbuild0001:manifest', value: '{}' }]),
  );
  await writeFile(join(outDir, 'kv', 'keys.json'), '[]');
  await writeFile(join(outDir, 'client', 'assets', 'main-ABC123.js'), '');
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('reading build:history', () => {
  it('stops the deploy when the read fails, quoting wrangler, and writes nothing', async () => {
    const { wrangler, calls } = standIn((args) => (isGet(args, kvKeys.history) ? apiDown : ok()));
    const read = readHistory(remoteTarget(wrangler, join(root, 'archive')));
    await expect(read).rejects.toThrow(DeployError);
    await expect(read).rejects.toThrow(
      /read build:history failed: `wrangler kv key get build:history --binding CONTENT --remote` exited with 1:\n✘ \[ERROR\] A request to the Cloudflare API .* failed\.\n\n {2}fetch failed$/,
    );
    expect(writes(calls)).toEqual([]);
  });

  it('treats a key Cloudflare does not have (404) as a first deploy', async () => {
    const { wrangler } = standIn((args) => notFound(args[3]!));
    expect(await readHistory(remoteTarget(wrangler))).toEqual([]);
  });

  it('keeps a build deployed by hand (build:current without build:history) as the previous one', async () => {
    const { wrangler } = standIn((args) => (isGet(args, kvKeys.current) ? ok('handmade0001') : notFound(args[3]!)));
    expect(await readHistory(remoteTarget(wrangler))).toEqual(['handmade0001']);
  });

  it('stops on a history that is not a list of build ids, saying how to repair it', async () => {
    const { wrangler } = standIn(() => ok('not json'));
    await expect(readHistory(remoteTarget(wrangler))).rejects.toThrow(
      /read build:history failed: it holds "not json", not a JSON list of build ids; put the ids .*`wrangler kv key put build:history/,
    );
  });

  it('tells a missing key from a failed read as wrangler 4.86 reports them', () => {
    expect(isMissingKey({ code: 0, stdout: 'Value not found\n', stderr: '' })).toBe(true);
    expect(isMissingKey(notFound(kvKeys.history))).toBe(true);
    expect(isMissingKey(ok('["abc"]'))).toBe(false);
    expect(isMissingKey(apiDown)).toBe(false);
    expect(isMissingKey(failed('✘ [ERROR] Authentication error [code: 10000]'))).toBe(false);
  });
});

describe('a failing deploy step', () => {
  it('stops before the pointer moves when the worker upload fails', async () => {
    const answers = deployAnswers(['oldbuild0001']);
    const { wrangler, calls } = standIn((args) =>
      args[0] === 'deploy' ? failed('✘ [ERROR] Authentication error [code: 10000]\n') : answers(args),
    );
    const attempt = deployBuild(remoteTarget(wrangler, join(root, 'archive')), outDir, () => {});
    await expect(attempt).rejects.toThrow(
      /deploy the worker and its assets failed: `wrangler deploy --assets .*` exited with 1:\n✘ \[ERROR\] Authentication error/,
    );
    const pointerWrites = calls.filter((args) => args.at(-1)?.endsWith('pointer.json'));
    expect(pointerWrites).toEqual([]);
  });

  it('says the new build is live and which keys are left over when deleting an old build fails', async () => {
    const answers = deployAnswers(['b5', 'b4', 'b3', 'b2', 'b1']);
    const { wrangler } = standIn((args) =>
      args[2] === 'list' && args.includes('b:b1:')
        ? failed('✘ [ERROR] A request to the Cloudflare API failed.')
        : answers(args),
    );
    const attempt = deployBuild(remoteTarget(wrangler, join(root, 'archive')), outDir, () => {});
    await expect(attempt).rejects.toMatchObject({ pointerMoved: true });
    await expect(attempt).rejects.toThrow(/build newbuild0001 is live; the keys b:b1:\* are left over/);
  });
});

describe('the worker version on Cloudflare', () => {
  const version = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';

  it('is recorded with the build at deploy, from what wrangler deploy prints', async () => {
    const { wrangler, calls } = standIn(deployAnswers(['oldbuild0001']));
    await deployBuild(remoteTarget(wrangler, join(root, 'archive')), outDir, () => {});
    const pointer = calls.find((args) => args.at(-1)?.endsWith('pointer.json'));
    expect(pointer).toBeDefined();
    // The bulk file is gone once written; what it held is the record the stand-in was asked to store.
    expect(recorded.get('b:newbuild0001:deploy')).toMatchObject({ worker: version });
    expect(recorded.get(kvKeys.history)).toEqual(['newbuild0001', 'oldbuild0001']);
  });

  it('comes back with the build on a rollback: wrangler rollback to the recorded version, after the pointer', async () => {
    const answers = deployAnswers(['newbuild0002', 'oldbuild0001']);
    const { wrangler, calls } = standIn((args) =>
      isGet(args, 'b:oldbuild0001:deploy') ? ok(JSON.stringify({ worker: version, assets: [] })) : answers(args),
    );
    await rollBack(remoteTarget(wrangler, join(root, 'archive')), 'oldbuild0001', () => {});
    const pointer = calls.findIndex((args) => args.at(-1)?.endsWith('pointer.json'));
    const rollback = calls.findIndex((args) => args[0] === 'rollback');
    expect(calls[rollback]).toEqual(['rollback', version, '--message', 'npm run deploy -- --rollback', '--yes']);
    expect(pointer).toBeGreaterThan(-1);
    expect(rollback).toBeGreaterThan(pointer);
  });
});

describe('npm run deploy', () => {
  it(
    'prints a build error with file, line and fix, exits 1 and shows no stack trace',
    { timeout: 180_000 },
    async () => {
      const content = await writeSite({ 'docs/a.md': page('A', 'See [the setup](/nowhere).') });
      const result = await deployCli([
        '--local',
        '--persist',
        join(root, 'state'),
        '--content',
        content,
        '--out',
        join(root, 'cli-out'),
        '--cache',
        join(root, 'cli-cache'),
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/build failed:\ndocs\/a\.md:5: broken link: \/nowhere.*\n {2}fix: /);
      expect(result.stderr).toContain('the live build did not change');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
