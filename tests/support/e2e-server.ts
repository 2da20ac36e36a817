// The server the browser tests run against: what `npm start` does (build, seed local KV,
// `wrangler dev`), but with its own wrangler state in a fresh temporary folder and the
// assets of this very build. `npm start -- --out DIR` cannot do either yet: it seeds the
// shared `.wrangler/state` (moving the pointer of any other local server) and `wrangler dev`
// serves `./dist/client` from wrangler.toml whatever `--out` says.
//
// `PORT=8802 tsx tests/support/e2e-server.ts [--content DIR] [--out DIR]`

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from '../../scripts/args.ts';
import { BuildError, BuildErrors } from '../../scripts/build/errors.ts';
import { runBuild } from '../../scripts/build/pipeline.ts';
import { seedLocalKv } from '../../scripts/local-kv.ts';
import { start } from '../../scripts/run.ts';

const args = parseArgs(process.argv.slice(2));
const persistTo = await mkdtemp(join(tmpdir(), 'self-docs-e2e-state-'));
const cleanUp = () => rm(persistTo, { recursive: true, force: true });

try {
  const result = await runBuild({ siteDir: args.content, outDir: args.out });
  console.log(`e2e server: built ${result.pages.length} pages (build ${result.buildId}) into ${args.out}`);
} catch (error) {
  await cleanUp();
  if (error instanceof BuildError || error instanceof BuildErrors) {
    console.error(`build failed:\n${error.message}`);
    process.exit(1);
  }
  throw error;
}
await seedLocalKv({ outDir: args.out, persistTo });

const wrangler = start('npx', [
  'wrangler', 'dev',
  '--ip', '127.0.0.1',
  '--port', String(args.port),
  '--local',
  '--persist-to', persistTo,
  '--assets', join(args.out, 'client'),
  '--show-interactive-dev-session=false',
  '--log-level', 'warn',
]);
console.log(`e2e server: http://127.0.0.1:${args.port} (state in ${persistTo})`);

const stop = () => wrangler.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
wrangler.on('exit', (code) => {
  void cleanUp().finally(() => process.exit(code ?? 0));
});
