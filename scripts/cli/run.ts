// Runs a command with the offline environment every wrangler call here needs: `run` lets it print
// and rejects when it fails; `runCollecting` keeps what it printed and its exit code for the caller
// to judge (the deploy's wrangler steps, the search report).

import { spawn } from 'node:child_process';
import { onInterrupt } from './interrupt.ts';

export const offlineEnv: NodeJS.ProcessEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  NO_UPDATE_NOTIFIER: '1',
};

export function run(command: string, args: string[], options: { quiet?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: offlineEnv,
      stdio: options.quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

export interface CommandOutput {
  /** Exit code; null when a signal ended it. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end and collects its stdout, stderr and exit code; rejects only when it cannot start.
 * With `ownGroup`, it runs in a process group of its own, so a Ctrl+C in the terminal does not reach it:
 * a step under way when a stop signal comes is ended by this process (interrupt.ts), and one that runs
 * `uninterrupted` is left to finish.
 */
export function runCollecting(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = offlineEnv,
  { ownGroup = false } = {},
): Promise<CommandOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: ownGroup });
    if (ownGroup && child.pid !== undefined) endWithThisProcess(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (child.pid !== undefined) ownGroups.delete(child.pid);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The process groups `runCollecting` started that are still running. */
const ownGroups = new Set<number>();
let groupsHooked = false;

function endWithThisProcess(pid: number): void {
  ownGroups.add(pid);
  if (groupsHooked) return;
  groupsHooked = true;
  const signalAll = (signal: NodeJS.Signals) => {
    for (const group of ownGroups) signalGroup(group, signal);
  };
  onInterrupt(() => signalAll('SIGTERM'));
  process.once('exit', () => signalAll('SIGKILL'));
}

/** Sends `signal` to every process of group `pgid`; false when none is left (0 only asks). */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  // A child that never started has no group; -pid must never turn into "every process" or init.
  if (!(pgid > 1)) return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: nobody left in the group.
  }
}
