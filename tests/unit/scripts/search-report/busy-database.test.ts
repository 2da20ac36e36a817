// `npm run search:report` on the local database while `npm start`'s worker writes to it: wrangler
// answers SQLITE_BUSY, and the report tries again instead of failing (an e2e run lost a report to it,
// with the advice to run npm start, which was running). wrangler here is a stand-in `npx` on PATH
// that answers busy a given number of times, then with one search counted.

import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'self-docs-report-busy-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The report with a stand-in wrangler that is busy `busyTimes` times first; its output, exit code and the calls. */
async function reportWhileBusy(busyTimes: number) {
  const answer = JSON.stringify([
    { results: [{ searches: 1, zero_results: 0, clicks: 1, click_position_sum: 1 }] },
    { results: [{ query: 'validator', searches: 1, zero_results: 0, clicks: 1, click_position_sum: 1 }] },
    { results: [] },
    { results: [] },
    { results: [{ searches: 0, zero_results: 0, days: 0 }] },
  ]);
  await writeFile(join(dir, 'answer.json'), answer);
  await writeFile(
    join(dir, 'npx'),
    [
      '#!/bin/sh',
      `calls=$(($(cat "${dir}/calls" 2>/dev/null || echo 0) + 1)); echo $calls > "${dir}/calls"`,
      `if [ $calls -le ${busyTimes} ]; then echo 'SQLite failed; database is locked: SQLITE_BUSY' >&2; exit 1; fi`,
      `cat "${dir}/answer.json"`,
    ].join('\n'),
  );
  await chmod(join(dir, 'npx'), 0o755);
  const env = { ...process.env, PATH: `${dir}:${process.env.PATH}` };
  const args = ['--import', 'tsx', 'scripts/search-report.ts', '--persist', join(dir, 'state'), '--days', '1'];
  const outcome = await run(process.execPath, args, { env }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  return { ...outcome, calls: Number(await readFile(join(dir, 'calls'), 'utf8')) };
}

describe('search:report on a local database npm start is writing to', () => {
  it('tries again while the database is busy, and prints the report', async () => {
    const { code, stdout, calls } = await reportWhileBusy(2);
    expect(code).toBe(0);
    expect(calls).toBe(3);
    expect(stdout).toContain('validator');
  }, 60_000);

  it('says the database stayed busy, not that npm start never ran, when it never frees', async () => {
    const { code, stderr, calls } = await reportWhileBusy(100);
    expect(code).toBe(1);
    expect(calls).toBe(5);
    expect(stderr).toContain('The local database stayed busy');
    expect(stderr).not.toContain('Run `npm start` once');
  }, 60_000);
});
