// `npm run deploy`: build, then deploy to Cloudflare (needs CLOUDFLARE_API_TOKEN,
// CLOUDFLARE_ACCOUNT_ID and the real KV id in wrangler.toml).
// `npm run deploy -- --rollback <build id>` moves the pointer back to a kept build and brings back
// the worker version that build went live with.
// `--local [--persist DIR]` runs the same steps against Miniflare's local state instead
// (default .wrangler/local-deploy; the assets and worker a local server serves go to DIR/assets
// and DIR/worker). The steps live in scripts/deploy/steps.ts; both hold the deploy lock (lock.ts).

import { resolve } from 'node:path';
import { parseArgs, sharedUsage } from './cli/args.ts';
import { catchInterrupts, interruptedBy } from './cli/interrupt.ts';
import { progressFor } from './cli/progress.ts';
import { buildFailureMessage } from './compiler/errors.ts';
import { withLock } from './deploy/lock.ts';
import { deployLocked, readHistory, rollBack } from './deploy/steps.ts';
import { localServeCommand, localTarget, remoteTarget } from './deploy/target.ts';
import { DeployError } from './deploy/wrangler.ts';

const argv = process.argv.slice(2);
const args = parseArgs(argv, {
  usage: `npm run deploy [-- options]: builds, then deploys to Cloudflare\n\n${sharedUsage}\n  --local         deploy to Miniflare's local state instead (--persist: default .wrangler/local-deploy)\n  --rollback ID   move the site back to kept build ID`,
  switches: ['--local'],
  valued: ['--rollback'],
});
// Ctrl+C or a CI runner's SIGTERM releases the lock and removes the temp folders (cli/interrupt.ts).
catchInterrupts();
const local = argv.includes('--local');
const rollbackIndex = argv.indexOf('--rollback');
const rollbackTo = rollbackIndex === -1 ? undefined : argv[rollbackIndex + 1];
if (rollbackIndex !== -1 && (!rollbackTo || rollbackTo.startsWith('--'))) {
  console.error('--rollback needs the id of a kept build, e.g. --rollback 3f9c2a1b7d04');
  process.exit(2);
}

// Its own folder by default, so `npm start` (which seeds .wrangler/state) never mixes with it.
const persist = args.persist ?? resolve('.wrangler/local-deploy');
const target = local ? localTarget(persist) : remoteTarget();
const progress = progressFor();

try {
  if (rollbackTo) {
    await rollBack(target, rollbackTo);
  } else {
    // The lock is held while building too, so that a second deploy stops before it builds.
    await withLock(target, async () => {
      // Read before building: a deploy that cannot see the kept builds must not start.
      await readHistory(target);
      // The compiler is loaded only to build: a rollback, or a deploy stopped at the lock, never
      // needs it, and loading it was a large part of their start-up.
      const { runBuild } = await import('./compiler/pipeline.ts');
      const result = await runBuild({ siteDir: args.content, outDir: args.out, cacheDir: args.cache, progress });
      for (const warning of result.warnings) console.warn(`warning: ${warning.message}`);
      console.log(`built ${result.pages.length} pages as build ${result.buildId}`);
      await deployLocked(target, args.out, console.log, progress);
    });
  }
  if (local) console.log(`serve it: ${localServeCommand(persist)}`);
} catch (error) {
  progress.end();
  // A step ended by a stop signal (its children got it from the terminal too, and may have ended
  // first): the stop's cleanups say what they did, and exit as the signal would.
  await new Promise((resolve) => setTimeout(resolve, 100));
  if (interruptedBy()) await new Promise(() => undefined);
  const message = error instanceof DeployError ? `deploy stopped: ${error.message}` : buildFailureMessage(error);
  if (!message) throw error;
  console.error(message);
  if (!(error instanceof DeployError && error.pointerMoved))
    console.error(`${rollbackTo ? 'nothing changed' : 'the live build did not change'} (${target.label}).`);
  process.exit(1);
}
