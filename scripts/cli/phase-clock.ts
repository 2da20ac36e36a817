// Wall and CPU time of a phase of `npm test`, with the load average beside them: on a shared
// machine the wall time alone says little, and the CPU seconds say what the phase itself cost.
// CPU is what this process's finished children used (Linux's cutime + cstime, which include the
// children they waited for); elsewhere it is left out. Processes no parent waits for (a browser's
// helpers, servers stopped by a signal to their group) escape it: for the browser tests it is a floor.

import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

export interface PhaseTime {
  wallSeconds: number;
  /** Undefined where /proc is not there to read. */
  cpuSeconds?: number;
  /** One-minute load average at the start and at the end. */
  load: [number, number];
}

/** Clock ticks per second of /proc's times: 100 on every Linux build Node supports. */
const ticksPerSecond = 100;

function childCpuSeconds(): number | undefined {
  try {
    // The command name (field 2) may hold spaces: the fields after it start past its closing parenthesis.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 here (0-based 13 and 14).
    return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** Starts a phase's clock; `stop()` reads it. Phases timed side by side share their children's CPU. */
export function startPhaseClock(): { stop(): PhaseTime } {
  const started = performance.now();
  const cpu = childCpuSeconds();
  const load = loadavg()[0]!;
  return {
    stop() {
      const end = childCpuSeconds();
      return {
        wallSeconds: (performance.now() - started) / 1000,
        ...(cpu !== undefined && end !== undefined ? { cpuSeconds: end - cpu } : {}),
        load: [load, loadavg()[0]!],
      };
    },
  };
}

export function formatPhaseTime({ wallSeconds, cpuSeconds, load }: PhaseTime): string {
  const cpu = cpuSeconds === undefined ? '' : `, CPU ${cpuSeconds.toFixed(0)} s`;
  return `${wallSeconds.toFixed(0)} s${cpu}, load ${load[0].toFixed(1)}→${load[1].toFixed(1)}`;
}
