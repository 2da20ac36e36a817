// A fixture site built as `npm start` builds it (fixture-build.ts) and served by the worker's
// deploy bundle on workerd (Miniflare), with the build's KV entries and static assets: for the
// browser tests that need content the SELF site does not have but no live reload. It costs a
// fraction of a fixture `npm start` (fixture-server.ts): no wrangler dev, no dev server, no
// D1 migrations, and one worker bundle for the whole run (the first spec that needs it makes it;
// the others wait for it). What differs from npm start is what these tests do not look at: no
// live-reload script in the pages, no analytics database. Started by a spec's beforeAll, stopped
// by its afterAll.

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Miniflare } from 'miniflare';
import { kvKeys } from '../../client/contract/storage.ts';
import { runCollecting } from '../../scripts/cli/run.ts';
import { readKvEntries } from '../../scripts/compiler/outputs/kv-writer.ts';
import { bundleWorker, workerdOptions } from '../../scripts/local/workerd.ts';
import type { FixtureServer } from './fixture-server.ts';

/** Where this run keeps the worker bundle: one folder per E2E_PORT, emptied by the global setup. */
export const e2eBundleRoot = `/tmp/self-docs-e2e-bundle-${process.env.E2E_PORT ?? 8802}`;

/** wrangler.toml's [vars], which wrangler dev gives the worker; the query secret as .dev.vars has it. */
const bindings = {
  HTML_CACHE_TTL: '300',
  SEARCH_CACHE_TTL: '300',
  ANALYTICS_RETENTION_DAYS: '90',
  QUERY_ID_SECRET: randomBytes(32).toString('hex'),
};

export async function startBuiltSite(siteDir: string): Promise<FixtureServer> {
  const work = await mkdtemp(join(tmpdir(), 'self-docs-e2e-built-'));
  const outDir = join(work, 'dist');
  let mf: Miniflare | undefined;
  const stop = async () => {
    await mf?.dispose();
    await rm(work, { recursive: true, force: true });
  };
  try {
    const [bundleDir] = await Promise.all([workerBundle(), build(siteDir, outDir)]);
    const { Miniflare } = await import('miniflare');
    // workerd's own lines (a reader's cancelled request ends in a "Broken pipe") are kept, not
    // printed among the test results, as the fixture npm start keeps wrangler's.
    let said = '';
    const keep = (chunk: Buffer) => (said = (said + chunk.toString()).slice(-8192));
    const options = workerdOptions({
      bundleDir,
      persist: join(work, 'state'),
      port: 0,
      assetsDir: join(outDir, 'client'),
      bindings,
    });
    mf = new Miniflare({
      ...options,
      handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
        stdout.on('data', keep);
        stderr.on('data', keep);
      },
    });
    const { origin } = await mf.ready.catch((error: unknown) => {
      throw new Error(`workerd did not start for ${siteDir}: ${(error as Error).message}\n${said}`, { cause: error });
    });
    // The build's entries, then the pointer, so no request sees half a build.
    const kv = await mf.getKVNamespace('CONTENT');
    await Promise.all((await readKvEntries(outDir)).map(({ key, value }) => kv.put(key, value)));
    const buildId = (await readFile(join(outDir, 'kv', 'build-id'), 'utf8')).trim();
    await kv.put(kvKeys.history, JSON.stringify([buildId]));
    await kv.put(kvKeys.current, buildId);
    return { origin, siteDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function build(siteDir: string, outDir: string): Promise<void> {
  // tsx's loader in this one process (its CLI would start a second).
  const built = await runCollecting(process.execPath, [
    '--import',
    'tsx',
    'tests/support/fixture-build.ts',
    siteDir,
    outDir,
  ]);
  if (built.code !== 0) throw new Error(`the build of ${siteDir} failed:\n${built.stderr || built.stdout}`);
}

/**
 * The deploy bundle (`wrangler deploy --dry-run`), made once for the run: the first caller takes
 * the folder (mkdir either creates it or fails, so one caller does) and writes `done` when the
 * bundle is there; the others wait for that, or for its `failed`.
 */
async function workerBundle(): Promise<string> {
  const bundleDir = join(e2eBundleRoot, 'bundle');
  const done = join(e2eBundleRoot, 'done');
  const failed = join(e2eBundleRoot, 'failed');
  let mine = true;
  await mkdir(e2eBundleRoot, { recursive: false }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
    mine = false;
  });
  if (mine) {
    try {
      await bundleWorker(e2eBundleRoot);
      await writeFile(done, '');
    } catch (error) {
      await writeFile(failed, (error as Error).message);
      throw error;
    }
    return bundleDir;
  }
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    if (existsSync(done)) return bundleDir;
    if (existsSync(failed)) throw new Error(`the worker bundle failed: ${await readFile(failed, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the worker bundle in ${e2eBundleRoot} was not made within 180 s`);
}
