// Applies worker/migrations/ to the local analytics D1 (the state `wrangler dev --persist-to` reads).

import { analyticsDatabase } from '../deploy/target.ts';
import { run } from '../cli/run.ts';

export async function migrateLocalD1(persistTo?: string): Promise<void> {
  const persist = persistTo ? ['--persist-to', persistTo] : [];
  await run('npx', ['wrangler', 'd1', 'migrations', 'apply', analyticsDatabase, '--local', ...persist]);
}
