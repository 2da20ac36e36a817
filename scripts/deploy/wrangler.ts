// Runs wrangler for the deploy steps. A non-zero exit is a DeployError that names the step and
// quotes wrangler's own words, so an operator sees what failed instead of a silent fallback.

import { fileURLToPath } from 'node:url';
import { offlineEnv, runCollecting, type CommandOutput } from '../cli/run.ts';

export type WranglerOutput = CommandOutput;

/** One wrangler invocation; tests pass a stand-in that fails on purpose. */
export type Wrangler = (args: string[]) => Promise<WranglerOutput>;

export class DeployError extends Error {
  constructor(
    readonly step: string,
    readonly detail: string,
    /** True when the failure came after build:current moved (the new build is live). */
    readonly pointerMoved = false,
  ) {
    super(`${step} failed: ${detail}`);
    this.name = 'DeployError';
  }
}

/** The project's own wrangler (what `npx wrangler` runs, without npx's start-up). */
export const wranglerBin = fileURLToPath(new URL('../../node_modules/wrangler/bin/wrangler.js', import.meta.url));

/**
 * `wrangler …` with telemetry, network lookups and colours off, in a process group of its own: a
 * Ctrl+C reaches the deploy, which ends the step under way itself, or lets the pointer's write end.
 */
export const projectWrangler: Wrangler = (args) =>
  runCollecting(process.execPath, [wranglerBin, ...args], { ...offlineEnv, FORCE_COLOR: '0' }, { ownGroup: true });

/**
 * Runs one step; its stdout when wrangler succeeds, a DeployError naming the step when not.
 * Local state is a SQLite file the previous command's workerd may still hold for a moment
 * (`SQLITE_BUSY`): such a step is tried again, a few times, before it counts as failed.
 */
export async function wranglerStep(wrangler: Wrangler, step: string, args: string[]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const output = await wrangler(args);
    if (output.code === 0) return output.stdout;
    const busy = args.includes('--local') && /SQLITE_BUSY|database is locked/.test(output.stderr + output.stdout);
    if (!busy || attempt >= localBusyAttempts) throw wranglerFailure(step, args, output);
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
  }
}

const localBusyAttempts = 4;

export function wranglerFailure(step: string, args: string[], output: WranglerOutput): DeployError {
  const words = wranglerWords(output.stderr) || wranglerWords(output.stdout) || '(wrangler printed nothing)';
  return new DeployError(step, `\`wrangler ${args.join(' ')}\` exited with ${output.code}:\n${words}`);
}

/** wrangler's message without colour codes, npm's warnings or the pointer to its log file. */
function wranglerWords(text: string): string {
  const lines = text
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => !/^npm warn|Logs were written to/.test(line.trim()));
  return lines.join('\n').trim().split('\n').slice(-20).join('\n');
}
