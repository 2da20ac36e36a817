// `npm run deploy -- --local` end to end: the same steps as a real deploy, against Miniflare's
// KV in a persist folder, with the worker serving that state while builds come and go.
// The tests run in order and share one deploy history, as an operator's deploys would.

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
  readPage,
  startLocalSite,
  statusOf,
  waitFor,
  writeSiteVariant,
  type LocalSite,
} from '../support/local-deploy.ts';

/** The worker trusts the pointer it read for 10 s (content-store.ts); a little more for the request. */
const pointerMemorySeconds = 12;
const port = 8951;

let root: string;
let persist: string;
let site: LocalSite | undefined;
const builds = { a: '', b: '' };
const images = { a: '', b: '' };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'self-docs-deploy-local-'));
  persist = join(root, 'state');
});

afterAll(async () => {
  await site?.stop();
  await rm(root, { recursive: true, force: true });
});

/** The content keys a build uses (its `b:<id>:keys` record, as the build wrote it). */
const contentKeys = async (outDir: string) =>
  JSON.parse(await readFile(join(outDir, 'kv', 'keys.json'), 'utf8')) as string[];
const history = async () => JSON.parse((await (await site!.kv()).get(kvKeys.history)) ?? '[]') as string[];
const intro = () => readPage(site!.origin, '/intro');
const local = (...args: string[]) => deployCli(['--local', '--persist', persist, ...args]);

// A deploy builds the site and runs wrangler: minutes on a machine loaded ten times over (a passing
// test returns as soon as it is done; the bound only stops one that hangs).
describe('npm run deploy -- --local', { timeout: 600_000 }, () => {
  it('deploys build A and serves its pages and hashed assets', async () => {
    const deployed = await local('--content', await writeSiteVariant(join(root, 'site-a')), '--out', join(root, 'a'));
    expect(deployed.stderr).not.toMatch(/deploy stopped|build failed/);
    expect(deployed.code).toBe(0);
    builds.a = (await readFile(join(root, 'a', 'kv', 'build-id'), 'utf8')).trim();
    expect(deployed.stdout).toContain(`live: build ${builds.a}`);

    // The worker the deploy put live, as `npm run deploy -- --local` prints how to serve it.
    site = await startLocalSite(persist, localWorkerDir(persist), port);
    const page = await intro();
    expect(page.heading).toBe('Welcome to the fixture');
    images.a = page.images[0]!;
    expect(await statusOf(site.origin, images.a)).toBe(200);
    expect(await history()).toEqual([builds.a]);
  });

  it('deploys build B over A, and pages show B', async () => {
    const content = await writeSiteVariant(join(root, 'site-b'), 'Welcome to build B');
    const deployed = await local('--content', content, '--out', join(root, 'b'));
    expect(deployed.code).toBe(0);
    builds.b = (await readFile(join(root, 'b', 'kv', 'build-id'), 'utf8')).trim();
    // Only what changed is sent: B has another heading on /intro and another diagram, which /intro
    // and /components show; so those two pages, their Markdown and the route bucket, plus the
    // build's manifest (its list of keys goes in its deploy record, with the pointer). A's other
    // keys are reused.
    const [keysA, keysB] = await Promise.all([contentKeys(join(root, 'a')), contentKeys(join(root, 'b'))]);
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
    const page = await waitFor(pointerMemorySeconds, intro, (p) => p.heading === 'Welcome to build B');
    expect(page.heading).toBe('Welcome to build B');
    images.b = page.images[0]!;
    expect(images.b).not.toBe(images.a);
    expect(await statusOf(site!.origin, images.b)).toBe(200);
    expect(await history()).toEqual([builds.b, builds.a]);
  });

  it('rolls back to A: pages show A within the pointer memory time, and B’s hashed assets still load', async () => {
    const rolledBack = await local('--rollback', builds.a);
    expect(rolledBack.code).toBe(0);
    expect(rolledBack.stdout).toContain(`live: build ${builds.a}`);

    const page = await waitFor(pointerMemorySeconds, intro, (p) => p.heading === 'Welcome to the fixture');
    expect(page.heading).toBe('Welcome to the fixture');
    expect(page.images).toContain(images.a);
    expect(await statusOf(site!.origin, images.a)).toBe(200);
    expect(await statusOf(site!.origin, images.b)).toBe(200);
    expect(await history()).toEqual([builds.a, builds.b]);
  });

  it('refuses to roll back to a build that is not kept, and changes nothing', async () => {
    const refused = await local('--rollback', 'notakeptbuild');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`it is not a kept build; kept: ${builds.a}, ${builds.b}`);
    expect(await (await site!.kv()).get(kvKeys.current)).toBe(builds.a);
  });

  it('stops when the upload fails, naming the step and the entry it could not store, and leaves A live', async () => {
    const broken = await cloneBuild(join(root, 'a'), join(root, 'broken'), 'brokenbuild1');
    await writeFile(join(broken, 'kv', 'bulk-000.json'), JSON.stringify([{ key: 1 }]));
    const attempt = deployBuild(localTarget(persist), broken, () => {});
    await expect(attempt).rejects.toThrow(/upload build brokenbuild1 \(part 1 of 1\) failed: entry 0 is not/);
    await expect(attempt).rejects.toThrow(/is not \{ "key": string, "value": string \}: \{"key":1\}/);

    expect(await (await site!.kv()).get(kvKeys.current)).toBe(builds.a);
    expect(await history()).toEqual([builds.a, builds.b]);
    expect((await intro()).heading).toBe('Welcome to the fixture');
  });

  it(
    'keeps the last five builds and deletes the keys and hashed assets of older ones',
    { timeout: 600_000 },
    async () => {
      let kept: string[] = [];
      for (const id of ['cloned00001', 'cloned00002', 'cloned00003', 'cloned00004']) {
        const out = await cloneBuild(join(root, 'a'), join(root, id), id);
        kept = (await deployBuild(localTarget(persist), out, () => {})).history;
      }
      expect(kept).toEqual(['cloned00004', 'cloned00003', 'cloned00002', 'cloned00001', builds.a]);
      expect(await history()).toEqual(kept);
      expect((await (await site!.kv()).list({ prefix: `b:${builds.b}:` })).keys).toEqual([]);
      expect((await (await site!.kv()).list({ prefix: `b:${builds.a}:` })).keys.length).toBeGreaterThan(0);
      // B's own page left with B; every key A (still kept) uses is there.
      const keysA = await contentKeys(join(root, 'a'));
      const onlyB = (await contentKeys(join(root, 'b'))).filter((key) => !keysA.includes(key));
      const kv = await site!.kv();
      for (const key of onlyB) expect(await kv.get(key), key).toBeNull();
      for (const key of keysA) expect(await kv.get(key), key).not.toBeNull();

      await site!.reload();
      expect(await statusOf(site!.origin, images.a)).toBe(200);
      expect(await statusOf(site!.origin, images.b)).toBe(404);
    },
  );
});
