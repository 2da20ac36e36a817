// `npm start -- --content <site>` as a tester first runs it: from the command to the first page it
// serves, cold (a fresh output folder, local state and compile cache), with the peak memory of all
// its processes (tsx, the build, wrangler, workerd). Stopped as soon as the page answers.

import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startGroup } from '../cli/process-group.ts';
import { buildV8Flags } from '../compiler/v8-flags.ts';
import { groupRssBytes } from './process-tree.ts';

export interface StartTime {
  /** Seconds from the command to the first 200 of `route`. */
  seconds: number;
  peakRssBytes: number;
  route: string;
}

const pollMs = 500;

/**
 * Runs `npm start` (tsx with the build's V8 flags, scripts/dev.ts) on `siteDir` with its folders under
 * `workDir`, until `route` answers.
 */
export async function timeToServe(
  siteDir: string,
  workDir: string,
  port: number,
  route: string,
  timeoutSeconds: number,
): Promise<StartTime> {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const started = performance.now();
  const args = [...buildV8Flags, 'scripts/dev.ts', '--content', siteDir, '--out', join(workDir, 'start-out')];
  args.push('--persist', join(workDir, 'start-state'), '--cache', join(workDir, 'start-cache'));
  const group = startGroup(tsx, args, { stdio: 'pipe', env: { ...process.env, PORT: String(port) } });
  let peakRssBytes = 0;
  const sampler = setInterval(() => (peakRssBytes = Math.max(peakRssBytes, groupRssBytes(group.pid))), 100);
  let exited = false;
  void group.exited.then(() => (exited = true));
  try {
    for (;;) {
      const seconds = (performance.now() - started) / 1000;
      if (exited) throw new Error(`npm start exited before serving ${route}\n${group.output().slice(-1500)}`);
      if (seconds > timeoutSeconds)
        throw new Error(`npm start served nothing in ${timeoutSeconds} s\n${group.output().slice(-1500)}`);
      const status = await fetch(`http://127.0.0.1:${port}${route}`, { redirect: 'manual' }).then(
        (response) => response.arrayBuffer().then(() => response.status),
        () => 0,
      );
      if (status === 200) return { seconds: Math.round(seconds * 10) / 10, peakRssBytes, route };
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  } finally {
    clearInterval(sampler);
    await group.stop();
  }
}
