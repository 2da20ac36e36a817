// Long-lived children (`npx wrangler dev` and the like) run in a process group of their own,
// and stopping one ends the whole group. Signalling only the direct child is not enough:
// SIGTERM to `npx` leaves `wrangler dev` and `workerd` running, and the pipes they inherited
// keep this Node process alive long after its work is done. A member may start a group of its
// own in turn (`npm start` runs wrangler so): what the group started is followed down the
// process tree too, and killed with it when the grace period runs out, even once its parent,
// which was to stop it, is gone.

import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { onInterrupt } from './interrupt.ts';
import { offlineEnv, signalGroup } from './run.ts';

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
  /**
   * Ends every process in the group: SIGTERM, then SIGKILL after the grace period, to the group
   * and to every process its members started (in groups of their own too).
   */
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
          const tree = new ProcessTree(child.pid);
          signalGroup(child.pid, 'SIGTERM');
          if (!(await tree.ended(graceMs))) {
            tree.kill();
            await tree.ended(2_000);
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
  const table = processTable();
  // No /proc (macOS): ask the kernel whether anyone is left in the group.
  if (!table) return signalGroup(pgid, 0) ? [pgid] : [];
  return [...table.values()].filter((entry) => entry.pgrp === pgid).map((entry) => entry.pid);
}

interface ProcessEntry {
  pid: number;
  ppid: number;
  pgrp: number;
  /** Clock ticks after boot: with the pid, names one process even once its pid is reused. */
  started: string;
}

/** The running processes (zombies left out), from /proc; undefined where there is none. */
function processTable(): Map<number, ProcessEntry> | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const table = new Map<number, ProcessEntry>();
  for (const entry of entries) {
    const stat = readStat(entry);
    // `pid (comm) state ppid pgrp … starttime (the 22nd field)`; comm may hold spaces and parentheses.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (!fields || fields[0] === 'Z') continue;
    const pid = Number(entry);
    table.set(pid, { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]), started: fields[19] ?? '' });
  }
  return table;
}

function readStat(pid: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // Ended while we were looking.
  }
}

/**
 * A group and everything its members started, followed while it stops: a process that leaves
 * the group (a group of its own) stays known by pid and start time after its parent has exited
 * and it has been handed to init.
 */
class ProcessTree {
  private readonly known = new Map<number, string>();

  constructor(private readonly pgid: number) {
    this.look();
  }

  /** The known processes still running; learns the children of each one on the way. */
  private look(): ProcessEntry[] | undefined {
    const table = processTable();
    if (!table) return undefined;
    const children = new Map<number, ProcessEntry[]>();
    for (const entry of table.values()) {
      const siblings = children.get(entry.ppid);
      if (siblings) siblings.push(entry);
      else children.set(entry.ppid, [entry]);
    }
    const live = [...table.values()].filter(
      (entry) => entry.pgrp === this.pgid || this.known.get(entry.pid) === entry.started,
    );
    const found = new Set(live.map((entry) => entry.pid));
    for (let i = 0; i < live.length; i++) {
      const entry = live[i]!;
      this.known.set(entry.pid, entry.started);
      for (const child of children.get(entry.pid) ?? []) {
        if (!found.has(child.pid)) live.push(child);
        found.add(child.pid);
      }
    }
    return live;
  }

  /** Whether nothing of the tree runs any more, looked at until `withinMs` has passed. */
  async ended(withinMs: number): Promise<boolean> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const live = this.look();
      if (live ? live.length === 0 : !signalGroup(this.pgid, 0)) return true;
      if (Date.now() > deadline) return false;
      await delay(50);
    }
  }

  kill(): void {
    signalGroup(this.pgid, 'SIGKILL');
    for (const entry of this.look() ?? []) {
      try {
        process.kill(entry.pid, 'SIGKILL');
      } catch {
        // Ended since.
      }
    }
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let hooked = false;

/**
 * The groups are detached, so a Ctrl+C in the terminal or a SIGTERM from a test runner reaches
 * only this process: pass it on (interrupt.ts exits as that signal would have once they stopped).
 * If this process ends any other way with groups still running, kill them rather than leave them
 * behind.
 */
function stopGroupsWithParent() {
  if (hooked) return;
  hooked = true;
  onInterrupt(() => Promise.all([...running].map((grouped) => grouped.stop())));
  process.once('exit', () => {
    for (const grouped of running) new ProcessTree(grouped.pid).kill();
  });
}
