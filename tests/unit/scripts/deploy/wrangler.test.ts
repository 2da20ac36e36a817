// Local KV is a SQLite file that the previous wrangler command's workerd may still hold for a
// moment: a local step that meets SQLITE_BUSY is tried again instead of failing the deploy.

import { describe, expect, it } from 'vitest';
import { DeployError, wranglerStep, type Wrangler, type WranglerOutput } from '../../../../scripts/deploy/wrangler.ts';

const busy: WranglerOutput = {
  code: 1,
  stdout: '',
  stderr: 'workerd/util/sqlite.c++:842: failed: SQLite failed; database is locked: SQLITE_BUSY',
};
const listed: WranglerOutput = { code: 0, stdout: '[]', stderr: '' };

/** A wrangler that answers from a script, counting its calls. */
function scripted(...answers: WranglerOutput[]): Wrangler & { calls: number } {
  const wrangler = Object.assign(
    async () => {
      const answer = answers[Math.min(wrangler.calls, answers.length - 1)]!;
      wrangler.calls += 1;
      return answer;
    },
    { calls: 0 },
  );
  return wrangler;
}

describe('a wrangler step on local state', () => {
  it('is tried again while the local database is busy, and then succeeds', async () => {
    const wrangler = scripted(busy, busy, listed);
    await expect(wranglerStep(wrangler, 'list the keys', ['kv', 'key', 'list', '--local'])).resolves.toBe('[]');
    expect(wrangler.calls).toBe(3);
  });

  it('fails, naming the step, when the database stays busy', async () => {
    const wrangler = scripted(busy);
    const failure = wranglerStep(wrangler, 'list the keys', ['kv', 'key', 'list', '--local']);
    await expect(failure).rejects.toBeInstanceOf(DeployError);
    await expect(failure).rejects.toThrow(/list the keys failed: .*SQLITE_BUSY/s);
    expect(wrangler.calls).toBe(4);
  });

  it('is not repeated against Cloudflare, where a failure is the answer', async () => {
    const wrangler = scripted(busy, listed);
    await expect(wranglerStep(wrangler, 'list the keys', ['kv', 'key', 'list', '--remote'])).rejects.toThrow(
      DeployError,
    );
    expect(wrangler.calls).toBe(1);
  });
});
