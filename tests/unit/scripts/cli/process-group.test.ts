// `npm run bench` and `npm start` run `npx wrangler dev`, which starts workerd two levels down.
// Stopping such a server must end every process it started and let this process exit.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { liveGroupMembers, startGroup, type GroupedChild } from '../../../../scripts/cli/process-group.ts';

const launcher = fileURLToPath(new URL('../../../fixtures/processes/npx-like-launcher.mjs', import.meta.url));
const leftovers: number[] = [];

afterEach(() => {
  // A failing run must not leave its grandchild behind for the next one.
  for (const pid of leftovers.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
});

/** Alive and not a zombie: a zombie holds no pipes or ports and is only waiting to be reaped. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true; // No /proc: kill(pid, 0) is all we can know.
  }
}

async function grandchildOf(grouped: GroupedChild): Promise<number> {
  for (;;) {
    const match = /grandchild (\d+)/.exec(grouped.output());
    if (match) {
      leftovers.push(Number(match[1]));
      return Number(match[1]);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a server started in its own process group', () => {
  it('stops the whole group, the grandchild included, and releases the pipes it held', async () => {
    const grouped = startGroup(process.execPath, [launcher], { stdio: 'pipe' });
    const grandchild = await grandchildOf(grouped);
    expect(isRunning(grandchild)).toBe(true);

    await grouped.stop();

    expect(isRunning(grandchild)).toBe(false);
    expect(liveGroupMembers(grouped.pid)).toEqual([]);
    // Open pipes are what kept `npm run bench` alive after it had printed.
    expect(grouped.child.stdout?.closed).toBe(true);
    expect(grouped.child.stderr?.closed).toBe(true);
    expect(grouped.child.exitCode ?? grouped.child.signalCode).not.toBeNull();
  });

  it('ends what is left of the group when the launcher itself has already exited', async () => {
    const grouped = startGroup(process.execPath, [launcher], { stdio: 'pipe' });
    const grandchild = await grandchildOf(grouped);
    // npx ending on its own (or being signalled alone) leaves the grandchild running.
    process.kill(grouped.pid, 'SIGTERM');
    await grouped.exited;
    expect(isRunning(grandchild)).toBe(true);

    await grouped.stop();

    expect(isRunning(grandchild)).toBe(false);
  });

  it('kills what a member started in a group of its own, once its parent is gone and it ignores SIGTERM', async () => {
    const grouped = startGroup(process.execPath, [launcher, '--own-group'], { stdio: 'pipe', graceMs: 500 });
    const grandchild = await grandchildOf(grouped);
    expect(liveGroupMembers(grouped.pid)).not.toContain(grandchild);

    await grouped.stop();

    // A workerd left so kept its port and its local state folder busy for the next test.
    expect(isRunning(grandchild)).toBe(false);
  });

  it('reports a command that cannot be started instead of signalling a group that does not exist', async () => {
    const grouped = startGroup('self-docs-no-such-command', [], { stdio: 'pipe' });
    const exit = await grouped.exited;
    expect(exit.error?.message).toMatch(/could not start self-docs-no-such-command: .*ENOENT/);
    await grouped.stop();
  });
});
