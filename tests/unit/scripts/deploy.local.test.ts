// `npm run deploy -- --local` end to end: the same steps as a real deploy, against Miniflare's KV in
// a persist folder, with the worker serving that state while builds come and go. The deploys come
// from two fresh checkouts that share nothing but the deployed state (as two CI runners share one
// Cloudflare account): build A from the first, build B with another worker from the second, a
// rollback to A, then build C from the first again. The tests run in order and share one deploy
// history, as an operator's deploys would.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../client/contract/storage.ts';
import { deployBuild } from '../../../scripts/deploy/steps.ts';
import { localTarget, localWorkerDir } from '../../../scripts/deploy/target.ts';
import {
  cloneBuild,
  deployCli,
  freshClone,
  readPage,
  startLocalSite,
  statusOf,
  waitFor,
  writeSiteVariant,
  type LocalSite,
} from '../support/local-deploy.ts';

/** The worker trusts the pointer it read for 10 s (content-store.ts); a little more for the request. */
const pointerMemorySeconds = 12;
/** DEPLOY_LOCAL_PORT lets two checkouts run this file side by side. */
const port = Number(process.env.DEPLOY_LOCAL_PORT ?? 8951);
/** What clone B's worker writes into every page (in its boot loader, an inline script). */
const markerB = '/*worker-b*/';
const bootLoaderStart = "'(function(s){var d=document";
const headings = { a: 'Welcome to the fixture', b: 'Welcome to build B', c: 'Welcome to build C' };

let root: string;
let persist: string;
let site: LocalSite | undefined;
const clones = { a: '', b: '' };
const sites = { a: '', b: '', c: '' };
/** Where each build is written (`--out`). */
const outs = { a: '', b: '', c: '' };
const builds = { a: '', b: '', c: '' };
/** The hashed image /intro shows, and every /assets/ URL it loads, as each build served it. */
const images = { a: '', b: '' };
const urls = { a: [] as string[], b: [] as string[] };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-deploy-local-'));
  persist = join(root, 'state');
  clones.a = await freshClone(join(root, 'clone-a'));
  clones.b = await freshClone(join(root, 'clone-b'));
  // Clone B's worker differs: its boot loader carries a marker every page it renders shows.
  const loader = join(clones.b, 'worker', 'render', 'inline-scripts.ts');
  const source = await readFile(loader, 'utf8');
  expect(source).toContain(bootLoaderStart);
  await writeFile(loader, source.replace(bootLoaderStart, `'(function(s){${markerB}var d=document`));
  sites.a = await writeSiteVariant(join(root, 'site-a'));
  sites.b = await writeSiteVariant(join(root, 'site-b'), headings.b);
  sites.c = await writeSiteVariant(join(root, 'site-c'), headings.c);
  outs.a = join(clones.a, 'dist');
  outs.b = join(clones.b, 'dist');
  outs.c = join(root, 'out-c');
}, 300_000);

afterAll(async () => {
  await site?.stop();
  await rm(root, { recursive: true, force: true });
});

const buildIdOf = async (outDir: string) => (await readFile(join(outDir, 'kv', 'build-id'), 'utf8')).trim();
/** The content keys a build uses (its `b:<id>:keys` record, as the build wrote it). */
const contentKeys = async (outDir: string) =>
  JSON.parse(await readFile(join(outDir, 'kv', 'keys.json'), 'utf8')) as string[];
const history = async () => JSON.parse((await (await site!.kv()).get(kvKeys.history)) ?? '[]') as string[];
const intro = () => readPage(site!.origin, '/intro');
/** `npm run deploy -- --local` over the shared state, run in `checkout`. */
const local = (checkout: string, ...args: string[]) => deployCli(['--local', '--persist', persist, ...args], checkout);
/** A build's compile cache in this test's folder, one per content folder as by default, not left in node_modules. */
const cacheOf = (content: string) => ['--cache', `${content}-cache`];

async function expectLoading(paths: string[]): Promise<void> {
  const statuses = Object.fromEntries(
    await Promise.all(paths.map(async (path) => [path, await statusOf(site!.origin, path)])),
  );
  expect(statuses).toEqual(Object.fromEntries(paths.map((path) => [path, 200])));
}

// Each deploy builds the site and runs wrangler: minutes on a machine loaded ten times over (a
// passing test returns as soon as it is done; the bound only stops one that hangs).
describe('npm run deploy -- --local, from two fresh clones', { timeout: 600_000 }, () => {
  it('deploys build A from the first clone and serves its pages, scripts, styles and hashed images', async () => {
    const deployed = await local(clones.a, '--content', sites.a, '--out', outs.a, ...cacheOf(sites.a));
    expect(deployed.stderr).not.toMatch(/deploy stopped|build failed/);
    expect(deployed.code).toBe(0);
    builds.a = await buildIdOf(outs.a);
    expect(deployed.stdout).toContain(`live: build ${builds.a}`);

    // The worker the deploy put live, as `npm run deploy -- --local` prints how to serve it.
    site = await startLocalSite(persist, localWorkerDir(persist), port);
    const page = await intro();
    expect(page.heading).toBe(headings.a);
    expect(page.html).not.toContain(markerB);
    images.a = page.images[0]!;
    urls.a = page.assets;
    expect(urls.a).toContain(images.a);
    expect(urls.a.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(0);
    expect(urls.a.filter((url) => url.endsWith('.css')).length).toBeGreaterThan(0);
    await expectLoading(urls.a);
    expect(await history()).toEqual([builds.a]);
  });

  it('deploys B, with another worker, from the second clone: only what changed is sent, B’s pages show and A’s files load', async () => {
    // Deploys before the hashed assets went to KV kept them in this folder of the state (the
    // local stand-in for the deploying machine's `.deploy-assets/`); a fresh runner has none.
    await rm(join(persist, 'deploy-assets'), { recursive: true, force: true });
    const deployed = await local(clones.b, '--content', sites.b, '--out', outs.b, ...cacheOf(sites.b));
    expect(deployed.stderr).not.toMatch(/deploy stopped|build failed/);
    expect(deployed.code).toBe(0);
    builds.b = await buildIdOf(outs.b);
    // Only what changed is sent: B has another heading on /intro and another diagram, which /intro
    // and /components show; so those two pages, their Markdown and the route bucket, plus the
    // build's manifest (its list of keys goes in its deploy record, with the pointer). A's other
    // keys are reused.
    const [keysA, keysB] = await Promise.all([contentKeys(outs.a), contentKeys(outs.b)]);
    const changed = keysB.filter((key) => !keysA.includes(key));
    expect(changed.sort()).toEqual([
      expect.stringMatching(/^md:/),
      expect.stringMatching(/^md:/),
      expect.stringMatching(/^page:/),
      expect.stringMatching(/^page:/),
      expect.stringMatching(/^routes:/),
    ]);
    expect(deployed.stdout).toContain(
      `uploaded ${changed.length + 1} keys of build ${builds.b} to local state in ${persist} ` +
        `(${keysB.length - changed.length} unchanged, already there for build ${builds.a})`,
    );

    await site!.reload();
    const page = await waitFor(pointerMemorySeconds, intro, (p) => p.heading === headings.b);
    expect(page.heading).toBe(headings.b);
    expect(page.html).toContain(markerB);
    images.b = page.images[0]!;
    expect(images.b).not.toBe(images.a);
    urls.b = page.assets;
    expect(urls.b).toContain(images.b);
    expect(urls.b).not.toEqual(urls.a);
    await expectLoading([...urls.b, ...urls.a]);
    expect(await history()).toEqual([builds.b, builds.a]);
  });

  it('rolls back to A from the second clone: pages show A within the pointer memory time, then A’s worker answers, and both builds’ files load', async () => {
    await rm(join(persist, 'deploy-assets'), { recursive: true, force: true });
    const rolledBack = await local(clones.b, '--rollback', builds.a);
    expect(rolledBack.stderr).not.toMatch(/deploy stopped/);
    expect(rolledBack.code).toBe(0);
    expect(rolledBack.stdout).toContain(`live: build ${builds.a}`);

    // The worker still running (B's) reads the pointer again once its memory of it runs out.
    const page = await waitFor(pointerMemorySeconds, intro, (p) => p.heading === headings.a);
    expect(page.heading).toBe(headings.a);
    expect(page.images).toContain(images.a);
    expect(await history()).toEqual([builds.a, builds.b]);

    // The server restarted on the bundle the rollback put back, as wrangler dev does when it changes.
    await site!.reload();
    const restarted = await intro();
    expect(restarted.heading).toBe(headings.a);
    expect(restarted.html).not.toContain(markerB);
    expect(restarted.assets.sort()).toEqual([...urls.a].sort());
    await expectLoading([...urls.a, ...urls.b]);
  });

  it('refuses to roll back to a build that is not kept, and changes nothing', async () => {
    const refused = await local('.', '--rollback', 'notakeptbuild');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`it is not a kept build; kept: ${builds.a}, ${builds.b}`);
    expect(await (await site!.kv()).get(kvKeys.current)).toBe(builds.a);
  });

  it('stops when the upload fails, naming the step and the entry it could not store, and leaves A live', async () => {
    const broken = await cloneBuild(outs.a, join(root, 'broken'), 'brokenbuild1');
    await writeFile(join(broken, 'kv', 'bulk-000.json'), JSON.stringify([{ key: 1 }]));
    const attempt = deployBuild(localTarget(persist), broken, () => {});
    await expect(attempt).rejects.toThrow(/upload build brokenbuild1 \(part 1 of 1\) failed: entry 0 is not/);
    await expect(attempt).rejects.toThrow(/is not \{ "key": string, "value": string \}: \{"key":1\}/);

    expect(await (await site!.kv()).get(kvKeys.current)).toBe(builds.a);
    expect(await history()).toEqual([builds.a, builds.b]);
    expect((await intro()).heading).toBe(headings.a);
  });

  it('deploys C from the first clone over the rollback: every kept build’s files still load', async () => {
    await rm(join(persist, 'deploy-assets'), { recursive: true, force: true });
    const deployed = await local(clones.a, '--content', sites.c, '--out', outs.c, ...cacheOf(sites.c));
    expect(deployed.stderr).not.toMatch(/deploy stopped|build failed/);
    expect(deployed.code).toBe(0);
    builds.c = await buildIdOf(outs.c);

    await site!.reload();
    const page = await waitFor(pointerMemorySeconds, intro, (p) => p.heading === headings.c);
    expect(page.heading).toBe(headings.c);
    expect(page.html).not.toContain(markerB);
    await expectLoading([...page.assets, ...urls.a, ...urls.b]);
    expect(await history()).toEqual([builds.c, builds.a, builds.b]);
  });

  it('keeps the last five builds and deletes the keys and hashed assets of older ones', async () => {
    let kept: string[] = [];
    for (const id of ['cloned00001', 'cloned00002', 'cloned00003']) {
      const out = await cloneBuild(outs.a, join(root, id), id);
      kept = (await deployBuild(localTarget(persist), out, () => {})).history;
    }
    expect(kept).toEqual(['cloned00003', 'cloned00002', 'cloned00001', builds.c, builds.a]);
    expect(await history()).toEqual(kept);
    const kv = await site!.kv();
    expect((await kv.list({ prefix: `b:${builds.b}:` })).keys).toEqual([]);
    expect((await kv.list({ prefix: `b:${builds.a}:` })).keys.length).toBeGreaterThan(0);
    // B's own pages left with B; every key A and C (still kept) use is there.
    const [keysA, keysB, keysC] = await Promise.all([contentKeys(outs.a), contentKeys(outs.b), contentKeys(outs.c)]);
    const onlyB = keysB.filter((key) => !keysA.includes(key) && !keysC.includes(key));
    expect(onlyB.length).toBeGreaterThan(0);
    for (const key of onlyB) expect(await kv.get(key), key).toBeNull();
    for (const key of [...keysA, ...keysC]) expect(await kv.get(key), key).not.toBeNull();

    await site!.reload();
    expect(await statusOf(site!.origin, images.a)).toBe(200);
    expect(await statusOf(site!.origin, images.b)).toBe(404);
  });
});
