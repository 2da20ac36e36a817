// Linux's idle scheduling class (SCHED_IDLE) for work nothing waits on: it runs only on a core no
// other process wants, and gives way at once to any that wakes. On a machine that other work keeps
// busy it may not run at all, so once the run has nothing else left it is put back in the normal class.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

const chrt = '/usr/bin/chrt';
/** `policy` in /proc/<pid>/stat for SCHED_IDLE. */
const schedIdle = 5;

/** `command args` in the idle class (its children inherit it); where chrt is missing, at the lowest nice. */
export function idle(command: string, args: string[]): [string, string[]] {
  return existsSync(chrt) ? ['chrt', ['--idle', '0', command, ...args]] : ['nice', ['-n', '19', command, ...args]];
}

/** Puts every descendant of this process that is in the idle class, each of its threads, back in the normal class. */
export function leaveIdleClass(): number {
  if (!existsSync(chrt)) return 0;
  const processes = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // The fields after the command name (which may hold spaces), from `state` (field 3) on.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(pid), parent: Number(fields[1]), policy: Number(fields[38]) }];
      } catch {
        return []; // It ended while being read.
      }
    });
  const ours = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const { pid, parent } of processes) if (ours.has(parent) && !ours.has(pid)) grew = Boolean(ours.add(pid));
  }
  let moved = 0;
  for (const { pid, policy } of processes) {
    if (!ours.has(pid) || policy !== schedIdle) continue;
    try {
      execFileSync(chrt, ['--other', '--all-tasks', '--pid', '0', String(pid)], { stdio: 'ignore' });
      moved += 1;
    } catch {
      // It ended meanwhile.
    }
  }
  return moved;
}
