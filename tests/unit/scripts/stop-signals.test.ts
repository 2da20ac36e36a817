// Ctrl+C (to the whole process group, as a terminal sends it) or a CI runner's SIGTERM (to the
// command alone) while `npm run deploy -- --local` builds, and Ctrl+C while `npm start` builds
// for the first time: the command exits as the signal would have (130, 143), a deploy releases its
// lock so the next one need not wait half an hour, and neither leaves a folder of its own in the
// system's temp folder (each run here gets an empty one, TMPDIR). scripts/cli/interrupt.ts.

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineEnv } from '../../../scripts/cli/run.ts';
import { readLock } from '../../../scripts/deploy/lock.ts';
import { localTarget } from '../../../scripts/deploy/target.ts';
import { writeSiteVariant } from '../support/local-deploy.ts';

let root: string;
let site: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-stop-signals-'));
  site = await writeSiteVariant(join(root, 'site'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/**
 * Runs `node --import tsx <script> <args>` in a process group of its own with an empty TMPDIR, sends
 * `signal` once its output matches `started` (to the group, or to Node alone), and waits for its exit.
 */
async function stopWhile(
  name: string,
  script: string,
  args: string[],
  started: RegExp,
  signal: NodeJS.Signals,
  to: 'group' | 'process',
): Promise<{ code: number | null; output: string; left: string[] }> {
  const temp = join(root, `${name}-tmp`);
  await mkdir(temp);
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...offlineEnv, TMPDIR: temp },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let sent = false;
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const seen = (chunk: Buffer) => {
    output += chunk.toString();
    if (sent || !started.test(output)) return;
    sent = true;
    process.kill(to === 'group' ? -child.pid! : child.pid!, signal);
  };
  child.stdout.on('data', seen);
  child.stderr.on('data', seen);
  const code = await exited;
  expect(sent, `never saw ${started}:\n${output}`).toBe(true);
  // tsx's loader keeps its compile cache there (tsx-<uid>); Miniflare its own folder, named miniflare-….
  const left = (await readdir(temp)).filter((entry) => entry.startsWith('self-docs-'));
  return { code, output, left };
}

const deployArgs = (name: string) => [
  '--local',
  '--persist',
  join(root, `${name}-state`),
  '--content',
  site,
  '--out',
  join(root, `${name}-out`),
  '--cache',
  join(root, `${name}-cache`),
];

/** The lock of the local deploy `name` as it was left: null when nobody holds it. */
async function lockLeft(name: string) {
  const target = localTarget(join(root, `${name}-state`));
  try {
    return await readLock(target);
  } finally {
    await target.close();
  }
}

describe('a stop signal while a command works', { timeout: 180_000 }, () => {
  it.each([
    ['Ctrl+C during a local deploy’s build: exit 130', 'ctrl-c', 'SIGINT', 'group', 130],
    ['SIGTERM to the deploy alone (a CI runner cancelling): exit 143', 'term', 'SIGTERM', 'process', 143],
  ] as const)('%s, the lock released, no temp folder left', async (_, name, signal, to, code) => {
    // The lock is taken before the build starts, and held through it.
    const stopped = await stopWhile(name, 'scripts/deploy.ts', deployArgs(name), /^config: /m, signal, to);
    expect(stopped.code, stopped.output).toBe(code);
    expect(stopped.output).toContain('released the deploy lock');
    expect(stopped.left).toEqual([]);
    expect(await lockLeft(name)).toBeNull();
  });

  it('Ctrl+C during npm start’s first build: exit 130, its staging, values and search folders removed', async () => {
    const args = ['--content', site, '--out', join(root, 'start-out'), '--persist', join(root, 'start-state')];
    const stopped = await stopWhile('start', 'scripts/dev.ts', args, /^config: /m, 'SIGINT', 'group');
    expect(stopped.code, stopped.output).toBe(130);
    expect(stopped.left).toEqual([]);
  });
});
