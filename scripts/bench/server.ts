// Starts the built site under wrangler dev on a spare port with its own state, for measuring.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { seedLocalKv } from '../local-kv.ts';
import { start } from '../run.ts';

export interface RunningSite {
  origin: string;
  stop: () => Promise<void>;
}

export async function startSite(outDir: string, port: number): Promise<RunningSite> {
  const persist = await mkdtemp(join(tmpdir(), 'self-docs-bench-'));
  await seedLocalKv({ outDir, persistTo: persist });
  const child: ChildProcess = start('npx', ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', String(port), '--local', '--show-interactive-dev-session=false', '--log-level', 'error', '--assets', join(outDir, 'client'), '--persist-to', persist], 'pipe');
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the site did not answer within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    origin,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await rm(persist, { recursive: true, force: true });
    },
  };
}
