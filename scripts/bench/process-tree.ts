// Runs a command in a process group of its own and samples the resident memory of every process
// in that group (npx → tsx → node → esbuild …) every 100 ms, so a build's peak memory counts
// the helpers it starts, not just the first process.

import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { startGroup } from '../cli/process-group.ts';

export interface MeasuredRun {
  /** Exit code; null when it was stopped (timeout) or killed by a signal. */
  code: number | null;
  timedOut: boolean;
  seconds: number;
  /** Highest sum of the resident set sizes of all processes of the group, in bytes. */
  peakRssBytes: number;
  /**
   * CPU seconds (user + system) of every process of the group, counted as each exits and its
   * parent collects it: this process's children's time before and after (nothing else of this
   * process's runs meanwhile).
   */
  cpuSeconds: number;
  /** The last few kilobytes it printed. */
  output: string;
}

const pageSize = 4096;
const clockTicksPerSecond = 100;
const sampleMs = 100;

export async function runMeasured(command: string, args: string[], timeoutMs: number): Promise<MeasuredRun> {
  const started = performance.now();
  const cpuBefore = childrenCpuSeconds();
  const group = startGroup(command, args, { stdio: 'pipe' });
  let peakRssBytes = 0;
  const sample = () => {
    peakRssBytes = Math.max(peakRssBytes, groupRssBytes(group.pid));
  };
  sample();
  const sampler = setInterval(sample, sampleMs);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void group.stop();
  }, timeoutMs);
  const exit = await group.exited;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearTimeout(timer);
  // The direct child has exited; anything of its group still running is ended with it.
  await group.stop();
  const cpuSeconds = childrenCpuSeconds() - cpuBefore;
  return { code: timedOut ? null : exit.code, timedOut, seconds, peakRssBytes, cpuSeconds, output: group.output() };
}

/** CPU seconds of this process's children that have exited and been collected (cutime + cstime). */
export function childrenCpuSeconds(): number {
  const fields = statFields(process.pid);
  // cutime and cstime, the 14th and 15th fields after the command name, in clock ticks.
  return fields ? (Number(fields[13]) + Number(fields[14])) / clockTicksPerSecond : 0;
}

/** Sum of VmRSS over the processes whose process group is `groupId`. */
export function groupRssBytes(groupId: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    // After the command name: state, ppid, pgrp, … rss is the 22nd of them.
    if (fields && Number(fields[2]) === groupId) total += Number(fields[21]) * pageSize;
  }
  return total;
}

/** Resident memory of one process, in bytes (0 when it is gone). */
export function processRssBytes(pid: number): number {
  const fields = statFields(pid);
  return fields ? Number(fields[21]) * pageSize : 0;
}

/** CPU time (user + system) one process has used so far, in seconds; null when it is gone. */
export function processCpuSeconds(pid: number): number | null {
  const fields = statFields(pid);
  // utime and stime, the 12th and 13th fields after the command name, in clock ticks (100 a second on Linux).
  return fields ? (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond : null;
}

/**
 * CPU seconds the process's threads have run, to the nanosecond (`/proc/<pid>/task/<tid>/schedstat`),
 * where `processCpuSeconds` counts in clock ticks: a first search costs a few ticks, so its figure
 * moved in steps too coarse to compare. Clock ticks when the kernel keeps no schedstat; null when
 * the process is gone. (Threads that ended are not counted: workerd's serving threads live as long
 * as it does.)
 */
export function processRunSeconds(pid: number): number | null {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  let nanoseconds = 0;
  let read = 0;
  for (const task of tasks) {
    try {
      nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      read += 1;
    } catch {
      // A thread that ended since the listing; one unit for the whole sum, so no ticks mixed in.
    }
  }
  return read > 0 ? nanoseconds / 1e9 : processCpuSeconds(pid);
}

/** Ids of the running children of `parent` whose command name is `name`. */
export function childrenNamed(parent: number, name: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const fields = statFields(pid);
    if (fields && Number(fields[1]) === parent && commandName(pid) === name) found.push(pid);
  }
  return found;
}

function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself hold spaces or parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // It exited between the listing and the read.
  }
}

function commandName(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Busy and total time of all the machine's CPUs so far, from /proc/stat (clock ticks). */
function cpuTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: idle and iowait are not busy.
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

/**
 * Waits until the machine has been quiet (under `busyShare` of its CPU time busy) for `quietSeconds`
 * in a row, at most `maxSeconds`; flushes written files first. Returns the seconds waited. A build
 * leaves the kernel writing its files and reclaiming its memory for a while after it exits, which
 * slows every request of what is measured next.
 */
export async function untilQuiet(
  options: { quietSeconds?: number; maxSeconds?: number; busyShare?: number } = {},
): Promise<number> {
  const { quietSeconds = 3, maxSeconds = 60, busyShare = 0.1 } = options;
  const started = performance.now();
  await startGroup('sync', [], { stdio: 'ignore' }).exited;
  let quiet = 0;
  let before = cpuTicks();
  while (quiet < quietSeconds && performance.now() - started < maxSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuTicks();
    const share = (now.busy - before.busy) / Math.max(1, now.total - before.total);
    quiet = share < busyShare ? quiet + 1 : 0;
    before = now;
  }
  return Math.round((performance.now() - started) / 100) / 10;
}
