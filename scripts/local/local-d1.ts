// Applies worker/migrations/ to the local analytics D1 (the state `wrangler dev --persist-to` reads).
// Quiet unless it fails: it runs beside the first build, whose progress holds the terminal.

import { analyticsDatabase } from '../deploy/target.ts';
import { runCollecting } from '../cli/run.ts';

export async function migrateLocalD1(persistTo?: string): Promise<void> {
  const persist = persistTo ? ['--persist-to', persistTo] : [];
  const args = ['wrangler', 'd1', 'migrations', 'apply', analyticsDatabase, '--local', ...persist];
  const { code, stdout, stderr } = await runCollecting('npx', args);
  if (code !== 0) throw new Error(`npx ${args.join(' ')} exited with ${code}\n${stdout}${stderr}`);
}
