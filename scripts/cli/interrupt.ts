// Ctrl+C, SIGTERM (a CI runner cancelling) and SIGHUP (a closed terminal) stop a command cleanly:
// the cleanups it registered run (a deploy releases its lock, servers stop), then it exits as the
// signal would have (130 for Ctrl+C), and its 'exit' hooks remove its temporary folders. Node's
// default for these signals ends the process at once, 'exit' hooks unrun: a deploy stopped while
// building kept its lock for half an hour, and an `npm start` stopped during its first build left
// its folders (a large site's search spill among them) in the system's temp folder.
//
// The commands run as Node itself with tsx's loader (`node --import tsx`, package.json): tsx's
// command line stands between the signal and the script, and kills a script whose event loop is
// busy (a build) at once, before any of this runs.
//
// A step that must not be cut in the middle (the pointer's write) runs `uninterrupted`: a signal
// that comes meanwhile stops the command once it is done. A second signal stops it at once.

import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { withDeadline } from '../../worker/services/deadline.ts';

/** What the cleanups together get before the command exits anyway. */
const cleanupMs = 20_000;

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type StopSignal = (typeof signals)[number];

const cleanups: (() => unknown)[] = [];
const removedOnExit = new Set<string>();
let received: StopSignal | undefined;
let stopping = false;
let critical = 0;
let installed = false;
let exitHooked = false;

/** The signal that is stopping the command, if one came. */
export function interruptedBy(): StopSignal | undefined {
  return received;
}

/** Catches the stop signals from now on (with no cleanup yet: the 'exit' hooks still run). */
export function catchInterrupts(): void {
  if (installed) return;
  installed = true;
  for (const signal of signals) process.on(signal, () => interrupt(signal));
}

/** Runs `cleanup` (awaited, in the order registered) when a stop signal comes; the result unregisters it. */
export function onInterrupt(cleanup: () => unknown): () => void {
  catchInterrupts();
  cleanups.push(cleanup);
  return () => {
    const index = cleanups.indexOf(cleanup);
    if (index !== -1) cleanups.splice(index, 1);
  };
}

/**
 * Removes `dir` when the process exits, unless it was killed (a stop signal exits, once caught by
 * `catchInterrupts` or `onInterrupt`); the result forgets it (once removed otherwise).
 */
export function removeOnExit(dir: string): () => void {
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const folder of removedOnExit) rmSync(folder, { recursive: true, force: true });
    });
  }
  removedOnExit.add(dir);
  return () => removedOnExit.delete(dir);
}

/**
 * `work()`, with whatever SIGINT, SIGTERM and SIGHUP listeners it added removed: libraries that exit
 * at once on them (Miniflare, wrangler's bundle, which exits 0) would end the command before its
 * cleanups ran. Only once this process catches them itself (`catchInterrupts`).
 */
export function withoutTheirStopHandlers<T>(work: () => T): T {
  // Where nothing here catches them (a library's own use, a test runner), theirs are all there is.
  if (!installed) return work();
  const before = signals.map((signal) => process.listeners(signal));
  try {
    return work();
  } finally {
    signals.forEach((signal, index) => {
      for (const listener of process.listeners(signal))
        if (!before[index]!.includes(listener)) process.removeListener(signal, listener);
    });
  }
}

/** Runs `work` in a new folder under the system's temp folder, removed after it, or at exit if stopped meanwhile. */
export async function inTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const forget = removeOnExit(dir);
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
    forget();
  }
}

/** Runs `work` to its end: a stop signal that comes meanwhile takes effect once it is done. */
export async function uninterrupted<T>(work: () => Promise<T>): Promise<T> {
  catchInterrupts();
  critical++;
  try {
    return await work();
  } finally {
    critical--;
    if (critical === 0 && received) void stop(received);
  }
}

function interrupt(signal: StopSignal): void {
  if (received) {
    console.error(`${signal} again: stopping at once`);
    process.exit(exitCode(received));
  }
  received = signal;
  if (critical > 0) {
    console.error(`${signal}: finishing the step under way first (send it again to stop at once)`);
    return;
  }
  void stop(signal);
}

async function stop(signal: StopSignal): Promise<void> {
  if (stopping) return;
  stopping = true;
  // The same signal reached the command's own children (esbuild's service, the runtime) from the
  // terminal: the work under way fails as they go, which is not news while it stops.
  const ignore = () => undefined;
  process.on('uncaughtException', ignore);
  process.on('unhandledRejection', ignore);
  // A step that ends `uninterrupted` may register its cleanup right after (a lock just taken).
  await new Promise((resolve) => setImmediate(resolve));
  const all = (async () => {
    for (const cleanup of [...cleanups]) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`while stopping: ${(error as Error).message}`);
      }
    }
  })();
  await withDeadline(all, cleanupMs, () => new Error('timeout')).catch(() =>
    console.error(`${signal}: the cleanups took over ${cleanupMs / 1000} s; stopping without them`),
  );
  process.exit(exitCode(signal));
}

const exitCode = (signal: StopSignal) => 128 + constants.signals[signal];
