// `npm test` runs its checks in the idle scheduling class, beside the tests; once nothing else is
// left, the checks still running (and what they started) go back to the normal class, so that a
// machine busy with other work does not hold them back for good.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { idle, leaveIdleClass } from '../../../../scripts/cli/idle-class.ts';

const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

/** `policy` of /proc/<pid>/stat: 5 is SCHED_IDLE, 0 the normal class. */
function policyOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
}

/** The children of `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  const path = `/proc/${pid}/task/${pid}/children`;
  return existsSync(path) ? readFileSync(path, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries++) {
    if (tries > 200) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.runIf(existsSync('/usr/bin/chrt'))('the idle class of the checks', () => {
  it('starts a command and what it starts in the idle class, and puts them back in the normal class', async () => {
    // A shell that starts a child of its own, as npx starts node.
    const child = spawn(...idle('sh', ['-c', 'sleep 30 & wait']), { stdio: 'ignore' });
    started.push(child);
    await until(() => childrenOf(child.pid!).some((pid) => policyOf(pid) === 5));
    // chrt execs the shell in place: the shell is the child itself.
    const grandchild = childrenOf(child.pid!)[0]!;
    expect([policyOf(child.pid!), policyOf(grandchild)]).toEqual([5, 5]);

    expect(leaveIdleClass()).toBe(2);
    expect([policyOf(child.pid!), policyOf(grandchild)]).toEqual([0, 0]);
    expect(policyOf(process.pid)).toBe(0);
  });
});
