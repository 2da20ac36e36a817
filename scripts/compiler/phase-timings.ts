// Per-phase figures for tuning the build (`npm run build -- --timings`, or SELF_BUILD_TIMINGS=1):
// wall time, the CPU the whole process spent (compile threads included) and how busy the build's
// own thread was. Two cores shared with other work make wall time noisy; CPU seconds are not.

import { performance } from 'node:perf_hooks';

export interface PhaseTiming {
  phase: string;
  wallSeconds: number;
  /** User + system CPU of the whole process, every thread. */
  cpuSeconds: number;
  /** Share of the wall time the build's own thread was running, 0–1. */
  mainThreadBusy: number;
}

export interface PhaseTimer {
  /** Closes the phase under way (if any) and starts `phase`. */
  start(phase: string): void;
  /** Closes the phase under way; returns every phase measured. */
  finish(): PhaseTiming[];
}

export function phaseTimer(): PhaseTimer {
  const phases: PhaseTiming[] = [];
  let current: { phase: string; wall: number; cpu: NodeJS.CpuUsage; loop: ReturnType<typeof eventLoop> } | undefined;
  const close = () => {
    if (!current) return;
    const cpu = process.cpuUsage(current.cpu);
    phases.push({
      phase: current.phase,
      wallSeconds: (performance.now() - current.wall) / 1000,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      mainThreadBusy: eventLoop(current.loop).utilization,
    });
    current = undefined;
  };
  return {
    start(phase) {
      close();
      current = { phase, wall: performance.now(), cpu: process.cpuUsage(), loop: eventLoop() };
    },
    finish() {
      close();
      return phases;
    },
  };
}

const eventLoop = performance.eventLoopUtilization;

/** A table of the phases and their total, for the console. */
export function formatTimings(phases: PhaseTiming[]): string {
  const total = phases.reduce((sum, p) => ({ wall: sum.wall + p.wallSeconds, cpu: sum.cpu + p.cpuSeconds }), {
    wall: 0,
    cpu: 0,
  });
  const width = Math.max(5, ...phases.map((p) => p.phase.length));
  const row = (name: string, wall: number, cpu: number, busy: string) =>
    `${name.padEnd(width)}  ${wall.toFixed(2).padStart(7)} s  ${cpu.toFixed(2).padStart(7)} s  ${busy.padStart(5)}`;
  return [
    `${'phase'.padEnd(width)}  ${'wall'.padStart(9)}  ${'cpu'.padStart(9)}  ${'main'.padStart(5)}`,
    ...phases.map((p) => row(p.phase, p.wallSeconds, p.cpuSeconds, `${Math.round(p.mainThreadBusy * 100)}%`)),
    row('total', total.wall, total.cpu, ''),
  ].join('\n');
}
