// Runs a command with the offline environment every wrangler call here needs: `run` lets it print
// and rejects when it fails; `runCollecting` keeps what it printed and its exit code for the caller
// to judge (the deploy's wrangler steps, the search report).

import { spawn } from 'node:child_process';

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

/** Runs a command to its end and collects its stdout, stderr and exit code; rejects only when it cannot start. */
export function runCollecting(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = offlineEnv,
): Promise<CommandOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
