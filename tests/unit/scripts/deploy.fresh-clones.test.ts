// `npm run deploy -- --local` from two fresh checkouts that share nothing but the deployed state
// (as two CI runners share one Cloudflare account): build A from one, build B with another worker
// from the other, then a rollback to A. Every kept build's page, scripts, styles and media keep
// loading, and after the rollback the worker that answers is A's.

import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCollecting } from '../../../scripts/cli/run.ts';
import { localWorkerDir } from '../../../scripts/deploy/target.ts';
import { startLocalSite, statusOf, waitFor, writeSiteVariant, type LocalSite } from '../support/local-deploy.ts';

/** The worker trusts the pointer it read for 10 s (content-store.ts); a little more for the request. */
const pointerMemorySeconds = 12;
const port = 8952;
/** What clone B's worker writes into every page (in its boot loader, an inline script). */
const markerB = '/*worker-b*/';
const bootLoaderStart = "'(function(s){var d=document";

let root: string;
let persist: string;
let site: LocalSite | undefined;
const clones = { a: '', b: '' };
const builds = { a: '', b: '' };
/** The /assets/ URLs (scripts, styles, media) of /intro as each build served it. */
const urls = { a: [] as string[], b: [] as string[] };

/** A fresh checkout: the tracked files as they are in this worktree, and its node_modules. */
async function freshClone(dir: string): Promise<string> {
  const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await cp(file, join(dir, file)).catch((error: NodeJS.ErrnoException) => {
      // A file deleted in the worktree but not yet from the index is not part of the checkout.
      if (error.code !== 'ENOENT') throw error;
    });
  }
  await symlink(resolve('node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** `npm run deploy -- --local --persist <shared state> …`, run in `clone`. */
const deployFrom = (clone: string, ...args: string[]) =>
  runCollecting('sh', [
    '-c',
    'cd "$0" && exec npx tsx scripts/deploy.ts "$@"',
    clone,
    '--local',
    '--persist',
    persist,
    ...args,
  ]);

async function readIntro(): Promise<{ html: string; heading: string; assets: string[] }> {
  const html = await (await fetch(new URL('/intro', site!.origin))).text();
  return {
    html,
    heading: /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '',
    assets: [...new Set([...html.matchAll(/\/assets\/[\w./-]+\.(?:js|css|svg|png|woff2)/g)].map((match) => match[0]))],
  };
}

async function expectLoading(paths: string[]): Promise<void> {
  const statuses = Object.fromEntries(
    await Promise.all(paths.map(async (path) => [path, await statusOf(site!.origin, path)])),
  );
  expect(statuses).toEqual(Object.fromEntries(paths.map((path) => [path, 200])));
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-deploy-clones-'));
  persist = join(root, 'state');
  clones.a = await freshClone(join(root, 'clone-a'));
  clones.b = await freshClone(join(root, 'clone-b'));
  // Clone B's worker differs: its boot loader carries a marker every page it renders shows.
  const loader = join(clones.b, 'worker', 'render', 'inline-scripts.ts');
  const source = await readFile(loader, 'utf8');
  expect(source).toContain(bootLoaderStart);
  await writeFile(loader, source.replace(bootLoaderStart, `'(function(s){${markerB}var d=document`));
}, 300_000);

afterAll(async () => {
  await site?.stop();
  await rm(root, { recursive: true, force: true });
});

// Each deploy builds the site and runs wrangler: minutes on a machine loaded ten times over.
describe('deploys from two fresh clones, then a rollback', { timeout: 600_000 }, () => {
  it('deploys A from the first clone', async () => {
    const content = await writeSiteVariant(join(root, 'site-a'));
    const deployed = await deployFrom(clones.a, '--content', content, '--out', join(clones.a, 'dist'));
    expect(deployed.stderr).not.toMatch(/deploy stopped|build failed/);
    expect(deployed.code).toBe(0);
    builds.a = (await readFile(join(clones.a, 'dist', 'kv', 'build-id'), 'utf8')).trim();

    site = await startLocalSite(persist, localWorkerDir(persist), port);
    const page = await readIntro();
    expect(page.heading).toBe('Welcome to the fixture');
    expect(page.html).not.toContain(markerB);
    urls.a = page.assets;
    expect(urls.a.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(0);
    expect(urls.a.filter((url) => url.endsWith('.css')).length).toBeGreaterThan(0);
    await expectLoading(urls.a);
  });

  it('deploys B, with another worker, from the second clone: B’s pages and A’s files load', async () => {
    // Deploys before the hashed assets went to KV kept them in this folder of the state (the
    // local stand-in for the deploying machine's `.deploy-assets/`); a fresh runner has none.
    await rm(join(persist, 'deploy-assets'), { recursive: true, force: true });
    const content = await writeSiteVariant(join(root, 'site-b'), 'Welcome to build B');
    const deployed = await deployFrom(clones.b, '--content', content, '--out', join(clones.b, 'dist'));
    expect(deployed.stderr).not.toMatch(/deploy stopped|build failed/);
    expect(deployed.code).toBe(0);
    builds.b = (await readFile(join(clones.b, 'dist', 'kv', 'build-id'), 'utf8')).trim();

    await site!.reload();
    const page = await waitFor(pointerMemorySeconds, readIntro, (p) => p.heading === 'Welcome to build B');
    expect(page.heading).toBe('Welcome to build B');
    expect(page.html).toContain(markerB);
    urls.b = page.assets;
    expect(urls.b).not.toEqual(urls.a);
    await expectLoading([...urls.b, ...urls.a]);
  });

  it('rolls back to A from the second clone: A’s worker answers, and both builds’ files load', async () => {
    await rm(join(persist, 'deploy-assets'), { recursive: true, force: true });
    const rolledBack = await deployFrom(clones.b, '--rollback', builds.a);
    expect(rolledBack.stderr).not.toMatch(/deploy stopped/);
    expect(rolledBack.code).toBe(0);
    expect(rolledBack.stdout).toContain(`live: build ${builds.a}`);

    await site!.reload();
    const page = await waitFor(pointerMemorySeconds, readIntro, (p) => p.heading === 'Welcome to the fixture');
    expect(page.heading).toBe('Welcome to the fixture');
    expect(page.html).not.toContain(markerB);
    expect(page.assets.sort()).toEqual([...urls.a].sort());
    await expectLoading([...urls.a, ...urls.b]);
  });

  it('deploys again from the first clone over the rollback: every kept build’s files still load', async () => {
    await rm(join(persist, 'deploy-assets'), { recursive: true, force: true });
    const content = await writeSiteVariant(join(root, 'site-c'), 'Welcome to build C');
    const deployed = await deployFrom(clones.a, '--content', content, '--out', join(root, 'out-c'));
    expect(deployed.code).toBe(0);

    await site!.reload();
    const page = await waitFor(pointerMemorySeconds, readIntro, (p) => p.heading === 'Welcome to build C');
    expect(page.heading).toBe('Welcome to build C');
    expect(page.html).not.toContain(markerB);
    await expectLoading([...page.assets, ...urls.a, ...urls.b]);
  });
});
