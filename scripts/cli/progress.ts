// Progress of long work (a build, a deploy, the scale bench), phase by phase. Library code takes a
// ProgressReporter as an option and stays quiet without one; the command picks how it is shown:
// a live bar on a terminal (cli-progress), one plain line per finished phase elsewhere (CI, logs).

import { format } from 'node:util';
import { performance } from 'node:perf_hooks';
import { MultiBar, type Params } from 'cli-progress';

export interface ProgressReporter {
  /**
   * Closes the phase under way (if any) and starts `name`; `total` is how many `unit`s it will
   * count (pages, keys), left out for a phase that counts nothing.
   */
  phase(name: string, total?: number, unit?: string): void;
  /** `n` more of the phase's units done. */
  tick(n?: number): void;
  /** Closes the phase under way. A later `phase` starts again. */
  end(): void;
}

/** Reports nothing: the default of library code. */
export const silentProgress: ProgressReporter = { phase() {}, tick() {}, end() {} };

interface Phase {
  name: string;
  total?: number;
  unit?: string;
  done: number;
  started: number;
}

/** A finished phase as one line: `compile and store pages: 200 of 200 pages in 4.21 s`. */
export function phaseLine(phase: Omit<Phase, 'started'>, seconds: number, prefix = ''): string {
  const counted =
    phase.total === undefined
      ? ''
      : ` ${count(phase.done)} of ${count(phase.total)}${phase.unit ? ` ${phase.unit}` : ''}`;
  return `${prefix}${phase.name}:${counted} in ${seconds.toFixed(2)} s`;
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The phases as they finish, one line each: for output that is not a terminal. With `every` (ms),
 * a counted phase that runs longer also says how far it has come that often, so that a log of a
 * build minutes long (a large site under `npm start`, CI) shows it moving, not a silence.
 */
export function plainProgress(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  options: { prefix?: string; now?: () => number; every?: number } = {},
): ProgressReporter {
  const now = options.now ?? (() => performance.now());
  const prefix = options.prefix ?? '';
  let current: (Phase & { said: number }) | undefined;
  const close = () => {
    if (!current) return;
    write(phaseLine(current, (now() - current.started) / 1000, prefix));
    current = undefined;
  };
  return {
    phase(name, total, unit) {
      close();
      const started = now();
      current = {
        name,
        done: 0,
        started,
        said: started,
        ...(total === undefined ? {} : { total }),
        ...(unit ? { unit } : {}),
      };
    },
    tick(n = 1) {
      if (!current) return;
      current.done += n;
      const { every } = options;
      if (every === undefined || current.total === undefined || now() - current.said < every) return;
      current.said = now();
      const unit = current.unit ? ` ${current.unit}` : '';
      const elapsed = clock((current.said - current.started) / 1000);
      write(
        `${prefix}${current.name}: ${count(current.done)} of ${count(current.total)}${unit} so far, after ${elapsed}`,
      );
    },
    end: close,
  };
}

/**
 * A live line for the phase under way on a terminal: the count of its total, elapsed time and an
 * estimate of what is left; once finished, the same line as plainProgress. What the program logs
 * meanwhile goes above the live line instead of through it.
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr, prefix = ''): ProgressReporter {
  let current: { phase: Phase; bars: MultiBar; bar: ReturnType<MultiBar['create']>; restore: () => void } | undefined;
  const close = () => {
    if (!current) return;
    const { phase, bars, restore } = current;
    current = undefined;
    bars.update(); // writes what was logged since the last redraw
    bars.stop();
    restore();
    stream.write(`${phaseLine(phase, (performance.now() - phase.started) / 1000, prefix)}\n`);
  };
  return {
    phase(name, total, unit) {
      close();
      const phase: Phase = {
        name,
        done: 0,
        started: performance.now(),
        ...(total === undefined ? {} : { total }),
        ...(unit ? { unit } : {}),
      };
      const bars = new MultiBar({
        stream,
        clearOnComplete: true,
        hideCursor: false,
        linewrap: false,
        etaBuffer: 50,
        format: (options, params) => liveLine(prefix, phase, params, options.barsize ?? 30),
        barsize: 30,
      });
      // A phase without a total still shows its elapsed time: a bar of total 1 that never fills.
      const bar = bars.create(total ?? 1, 0);
      current = { phase, bars, bar, restore: logAbove(bars) };
    },
    tick(n = 1) {
      if (!current) return;
      current.phase.done += n;
      if (current.phase.total !== undefined) current.bar.increment(n);
    },
    end: close,
  };
}

function liveLine(prefix: string, phase: Phase, params: Params, width: number): string {
  const elapsed = clock((Date.now() - params.startTime) / 1000);
  if (phase.total === undefined) return `${prefix}${phase.name} … ${elapsed}`;
  const filled = Math.round(Math.min(1, params.progress) * width);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
  const unit = phase.unit ? ` ${phase.unit}` : '';
  const left = params.value > 0 && Number.isFinite(params.eta) ? `, about ${clock(params.eta)} left` : '';
  return `${prefix}${phase.name} ${bar} ${count(params.value)} of ${count(params.total)}${unit} · ${elapsed}${left}`;
}

/** `7 s`, `2 min 05 s`. */
function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/**
 * Routes console output above the live line while it is shown; returns the undo. Output for
 * stdout is left alone when stdout is not the terminal (redirected to a file, it belongs there).
 */
function logAbove(bars: MultiBar): () => void {
  const methods = process.stdout.isTTY ? (['log', 'info', 'warn', 'error'] as const) : (['warn', 'error'] as const);
  const saved = methods.map((method) => console[method]);
  for (const method of methods) console[method] = (...data: unknown[]) => bars.log(`${format(...data)}\n`);
  return () => methods.forEach((method, index) => (console[method] = saved[index]!));
}

/** How often a long phase says how far it has come in a log (plainProgress's `every`). */
export const plainProgressEvery = 30_000;

/** A terminal's live lines when `stream` is one (a TTY), plain lines on stdout otherwise. */
export function progressFor(stream: NodeJS.WriteStream = process.stderr, prefix = ''): ProgressReporter {
  return stream.isTTY
    ? terminalProgress(stream, prefix)
    : plainProgress(undefined, { prefix, every: plainProgressEvery });
}
