// Long-lived children (`npx wrangler dev` and the like) run in a process group of their own,
// and stopping one ends the whole group. Signalling only the direct child is not enough:
// SIGTERM to `npx` leaves `wrangler dev` and `workerd` running, and the pipes they inherited
// keep this Node process alive long after its work is done.

import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';
import type { Readable } from 'node:stream';
import { offlineEnv } from './run.ts';

export interface GroupExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the command could not be started at all (e.g. not found). */
  error?: Error;
}

export interface GroupedChild {
  readonly child: ChildProcess;
  /** Process id of the direct child, which is also the id of its process group. */
  readonly pid: number;
  /** Settles when the direct child exits; its descendants may still be running. */
  readonly exited: Promise<GroupExit>;
  /** The last few kilobytes the group wrote, when started with `stdio: 'pipe'`. */
  output(): string;
  /** Ends every process in the group: SIGTERM, then SIGKILL after the grace period. */
  stop(): Promise<void>;
}

export interface GroupOptions {
  stdio?: 'inherit' | 'pipe' | 'ignore';
  env?: NodeJS.ProcessEnv;
  /** How long the group gets to end after SIGTERM before it is killed. */
  graceMs?: number;
}

const outputLimit = 8 * 1024;
const running = new Set<GroupedChild>();

export function startGroup(command: string, args: string[], options: GroupOptions = {}): GroupedChild {
  const stdio = options.stdio ?? 'inherit';
  const graceMs = options.graceMs ?? 5_000;
  const child = spawn(command, args, {
    env: options.env ?? offlineEnv,
    stdio: ['ignore', stdio, stdio],
    detached: true,
  });
  const exited = new Promise<GroupExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) =>
      resolve({ code: null, signal: null, error: new Error(`could not start ${command}: ${error.message}`) }),
    );
  });

  // Kept (and bounded) so a pipe that nobody reads never fills up and blocks the child.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-outputLimit);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let stopping: Promise<void> | undefined;
  const grouped: GroupedChild = {
    child,
    pid: child.pid ?? -1,
    exited,
    output: () => tail,
    stop: () => {
      stopping ??= (async () => {
        if (child.pid !== undefined) {
          signalGroup(child.pid, 'SIGTERM');
          if (!(await groupEnded(child.pid, graceMs))) {
            signalGroup(child.pid, 'SIGKILL');
            await groupEnded(child.pid, 2_000);
          }
          await Promise.race([exited, delay(1_000)]);
        }
        await Promise.all([child.stdout, child.stderr].map(closed));
        child.unref();
        running.delete(grouped);
      })();
      return stopping;
    },
  };
  running.add(grouped);
  stopGroupsWithParent();
  return grouped;
}

/** Closes a pipe from the group; resolves once its handle is released. */
function closed(stream: Readable | null): Promise<void> | undefined {
  if (!stream || stream.closed) return undefined;
  return new Promise((resolve) => {
    stream.once('close', resolve);
    stream.destroy();
  });
}

/** Process ids of the group's members that are still running (zombies hold no ports or pipes). */
export function liveGroupMembers(pgid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    // No /proc (macOS): ask the kernel whether anyone is left in the group.
    return signalGroup(pgid, 0) ? [pgid] : [];
  }
  const members: number[] = [];
  for (const entry of entries) {
    const stat = readStat(entry);
    // `pid (comm) state ppid pgrp …`; comm may hold spaces and parentheses.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields && fields[0] !== 'Z' && Number(fields[2]) === pgid) members.push(Number(entry));
  }
  return members;
}

function readStat(pid: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // Ended while we were looking.
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  // A child that never started has no group; -pid must never turn into "every process" or init.
  if (!(pgid > 1)) return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: nobody left in the group.
  }
}

async function groupEnded(pgid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (liveGroupMembers(pgid).length > 0) {
    if (Date.now() > deadline) return false;
    await delay(50);
  }
  return true;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let hooked = false;

/**
 * The groups are detached, so a Ctrl+C in the terminal or a SIGTERM from a test runner reaches
 * only this process: pass it on, then exit as that signal would have. If this process ends
 * any other way with groups still running, kill them rather than leave them behind.
 */
function stopGroupsWithParent() {
  if (hooked) return;
  hooked = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      void Promise.all([...running].map((grouped) => grouped.stop())).then(() =>
        process.exit(128 + constants.signals[signal]),
      );
    });
  }
  process.once('exit', () => {
    for (const grouped of running) signalGroup(grouped.pid, 'SIGKILL');
  });
}
