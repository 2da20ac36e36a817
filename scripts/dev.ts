// `npm start [-- --content DIR]`: build, seed local KV, serve with wrangler dev on 127.0.0.1.

import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from './args.ts';
import { BuildError, BuildErrors } from './build/errors.ts';
import { runBuild } from './build/pipeline.ts';
import { migrateLocalD1 } from './local-d1.ts';
import { seedLocalKv } from './local-kv.ts';
import { startGroup } from './process-group.ts';

const args = parseArgs(process.argv.slice(2));
const started = performance.now();
try {
  const result = await runBuild({ siteDir: args.content, outDir: args.out });
  for (const warning of result.warnings) console.warn(`warning: ${warning.message}`);
  console.log(
    `built ${result.pages.length} pages (build ${result.buildId}) in ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );
} catch (error) {
  if (error instanceof BuildError || error instanceof BuildErrors) {
    console.error(`build failed:\n${error.message}`);
    process.exit(1);
  }
  throw error;
}
await seedLocalKv({ outDir: args.out, persistTo: args.persist });
await migrateLocalD1(args.persist);

// npx → wrangler → workerd in a process group of their own: a SIGINT/SIGTERM to this process
// (Ctrl+C, Playwright's webServer shutdown) ends all of them, not just npx.
const wrangler = startGroup('npx', [
  'wrangler',
  'dev',
  '--ip',
  '127.0.0.1',
  '--port',
  String(args.port),
  '--local',
  '--show-interactive-dev-session=false',
  // The analytics cleanup (a Cron Trigger) can be run by hand: curl '/__scheduled?cron=17+3+*+*+*'.
  '--test-scheduled',
  '--log-level',
  'warn',
  // A build in another folder (--out) is served from there.
  '--assets',
  join(args.out, 'client'),
  ...(args.persist ? ['--persist-to', args.persist] : []),
]);
console.log(`\nSELF Docs: http://127.0.0.1:${args.port}\n`);
// If wrangler ends by itself, end whatever it left behind too, and exit as it did.
const { code, error } = await wrangler.exited;
if (error) console.error(error.message);
await wrangler.stop();
process.exit(code ?? 1);
