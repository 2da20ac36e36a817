// `npm start` serves its first build before the pages are compiled: the early build (routes,
// sidebars, manifest) is served through the dev server, a page asked for is compiled ahead of the
// rest (here the rest is held), its stand-in key answers with the page as stored, and the finished
// build stores what a build without early serving stores.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kvKeys, routeBucket, type Manifest, type RouteBucket } from '../../../client/contract/storage.ts';
import type { PageData } from '../../../client/contract/page.ts';
import { CompilePriority } from '../../../scripts/compiler/compile/priority.ts';
import { readKvEntries } from '../../../scripts/compiler/outputs/kv-writer.ts';
import type { EarlyBuild, LiveBuild } from '../../../scripts/compiler/outputs/early-build.ts';
import { runBuild } from '../../../scripts/compiler/pipeline.ts';
import type { BuildOptions } from '../../../scripts/compiler/types.ts';
import { earlySite, type EarlySite } from '../../../scripts/local/live-reload/early-site.ts';
import { startEventServer } from '../../../scripts/local/live-reload/event-server.ts';
import { liveReloadPaths, tokenHeader, type PageAnswer } from '../../../scripts/local/live-reload/protocol.ts';
import type { KvIndex } from '../../../scripts/local/kv-index.ts';

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const outFolder = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'self-docs-early-serve-'));
  made.push(dir);
  return dir;
};

/** `npm start`'s build options, on the build's own thread. */
const devBuild = (fixture: string, outDir: string, more: Partial<BuildOptions> = {}): BuildOptions => ({
  siteDir: fixture,
  outDir,
  skipClient: true,
  development: true,
  tolerateBrokenPages: true,
  searchInKv: true,
  ...more,
});

async function read(site: EarlySite, key: string): Promise<string | null> {
  return (JSON.parse(await site.index.readJson([key])) as Record<string, string | null>)[key] ?? null;
}

/** The page stored for `route`, as the early site reads it through its stand-in. */
async function pageOf(site: EarlySite, route: string): Promise<PageData> {
  const target = (await targetOf(site, route)) as { page: string };
  return JSON.parse((await read(site, kvKeys.page(target.page)))!) as PageData;
}

async function targetOf(site: EarlySite, route: string) {
  const manifest = JSON.parse((await read(site, kvKeys.manifest(site.buildId)))!) as Manifest;
  const hash = manifest.routeBuckets[routeBucket(route, manifest.routeBuckets.length)]!;
  return (JSON.parse((await read(site, kvKeys.routes(hash)))!) as RouteBucket)[route];
}

/** `fixture` built as npm start builds it, served early with the docs held; `check` runs meanwhile. */
async function servedEarly(
  fixture: string,
  check: (
    site: EarlySite,
    live: LiveBuild,
    ask: (path: string) => Promise<PageAnswer>,
    outDir: string,
  ) => Promise<void>,
) {
  const threads = process.env.SELF_BUILD_THREADS;
  process.env.SELF_BUILD_THREADS = '0';
  const priority = new CompilePriority();
  // The background compile is held: only pages asked for compile.
  priority.hold(true);
  let opened: (site: EarlySite) => void = () => undefined;
  const served = new Promise<EarlySite>((resolve) => (opened = resolve));
  let live: LiveBuild | undefined;
  let builtIndex: KvIndex | undefined;
  const serveEarly = (building: LiveBuild) => {
    live = building;
    const site = earlySite(building, priority);
    builtIndex = site.builtIndex;
    return (early: EarlyBuild) => void site.start(early).then(opened);
  };
  const token = 'the-token';
  const events = await startEventServer(token);
  const ask = async (path: string) => {
    const response = await fetch(new URL(liveReloadPaths.page, events.origin), {
      method: 'POST',
      headers: { [tokenHeader]: token },
      body: path,
    });
    return (await response.json()) as PageAnswer;
  };
  /** Values as the dev worker reads them through the dev server. */
  const readServed = async (keys: string[]) => {
    const response = await fetch(new URL(liveReloadPaths.kv, events.origin), {
      method: 'POST',
      headers: { [tokenHeader]: token },
      body: JSON.stringify(keys),
    });
    return (await response.json()) as Record<string, string | null>;
  };
  const outDir = await outFolder();
  try {
    const building = runBuild(devBuild(fixture, outDir, { serveEarly, priority }));
    const site = await served;
    events.serve(site.index, { buildId: site.buildId, reload: false, routes: [] }, site);
    await check(site, live!, ask, outDir);
    priority.hold(false);
    const result = await building;
    // As npm start switches: the whole build served, the early one's keys still answered until it closes
    // (a request that read the early pointer just before the switch).
    events.serve(site.handOver(builtIndex!), { buildId: result.buildId, reload: true, routes: [] });
    expect((await ask('/')).state).toBe('final');
    const earlyManifest = kvKeys.manifest(site.buildId);
    const wholeManifest = kvKeys.manifest(result.buildId);
    expect(site.buildId).not.toBe(result.buildId);
    const early = JSON.parse((await readServed([earlyManifest]))[earlyManifest]!) as Manifest;
    // A page of the early build, by its stand-in key.
    const buckets = await readServed(early.routeBuckets.map((hash) => kvKeys.routes(hash)));
    const [route, target] = Object.values(buckets)
      .flatMap((bucket) => Object.entries(JSON.parse(bucket!) as RouteBucket))
      .find(([, one]) => one && 'page' in one)! as [string, { page: string }];
    const during = await readServed([earlyManifest, wholeManifest, kvKeys.page(target.page)]);
    expect(during[wholeManifest]).not.toBeNull();
    expect((JSON.parse(during[kvKeys.page(target.page)]!) as PageData).route).toBe(route);
    await site.close();
    // Once the early site closes, only the whole build is served.
    const after = await readServed([earlyManifest, wholeManifest]);
    expect(after[earlyManifest]).toBeNull();
    expect(after[wholeManifest]).toBe(during[wholeManifest]);

    // The finished build equals a build made without serving early (the same id, every value alike).
    const values = new Map((await readKvEntries(outDir)).map((entry) => [entry.key, entry.value]));
    const plainDir = await outFolder();
    const plain = await runBuild(devBuild(fixture, plainDir));
    const plainValues = new Map((await readKvEntries(plainDir)).map((entry) => [entry.key, entry.value]));
    expect(result.buildId).toBe(plain.buildId);
    const manifestKey = kvKeys.manifest(plain.buildId);
    const withoutTime = (text: string | undefined) => ({ ...JSON.parse(text ?? '{}'), builtAt: undefined });
    expect(withoutTime(values.get(manifestKey))).toEqual(withoutTime(plainValues.get(manifestKey)));
    expect([...values.keys()].sort()).toEqual([...plainValues.keys()].sort());
    for (const [key, value] of plainValues) if (key !== manifestKey) expect(values.get(key), key).toBe(value);
    return { result, values };
  } finally {
    await events.close();
    if (threads === undefined) delete process.env.SELF_BUILD_THREADS;
    else process.env.SELF_BUILD_THREADS = threads;
  }
}

describe('npm start serving before its first build is done', () => {
  it('answers a page asked for while the other pages wait, and ends with the same build', async () => {
    let early: unknown;
    const deep = '/docs/tutorial/deploy-your-site';
    const { result, values } = await servedEarly('tests/fixtures/docusaurus-site', async (site, live, ask) => {
      // Not a page's route: the worker answers as it would.
      expect((await ask('/nowhere')).state).toBe('unknown');
      // The deep page is asked for by its path (here with a trailing slash): compiled now, alone.
      expect(await ask(`${deep}/`)).toEqual({ state: 'ready', stored: 1, total: live!.progress().total });
      expect(live!.progress().total).toBeGreaterThan(1);
      expect(live!.keysOf('/docs/intro')).toBeUndefined();
      const target = await targetOf(site, deep);
      expect(target && 'page' in target).toBe(true);
      early = JSON.parse((await read(site, kvKeys.page((target as { page: string }).page)))!);
      expect((early as { route: string }).route).toBe(deep);
      const markdown = await read(site, kvKeys.markdown((target as { markdown: string }).markdown));
      expect(markdown).toContain('# ');
      // The sidebars are the build's own, readable before any other page compiles.
      const manifest = JSON.parse((await read(site, kvKeys.manifest(site.buildId)))!) as Manifest;
      for (const ref of Object.values(manifest.sidebars))
        expect(await read(site, kvKeys.sidebar(ref.hash))).not.toBeNull();
    });
    // The page served early is the page the finished build stores.
    const stored = result.routeTargets.get(deep) as { page: string };
    expect(values.get(kvKeys.page(stored.page))).toBe(JSON.stringify(early));
  });

  it("compiles the site's own pages (its home page) before the docs", async () => {
    await servedEarly('tests/fixtures/docusaurus-pages', async (_site, live, ask) => {
      // The docs are held, and no doc is asked for: the home page comes all the same.
      expect((await ask('/')).state).toBe('ready');
      expect(live.keysOf('/docs/intro')).toBeUndefined();
      expect(live.progress().stored).toBeLessThan(live.progress().total);
    });
  });

  it("answers an older version's deep page while the current docs wait", async () => {
    await servedEarly('tests/fixtures/docusaurus-versions', async (site, live, ask) => {
      expect((await ask('/docs/1.0/guides/install')).state).toBe('ready');
      const page = await pageOf(site, '/docs/1.0/guides/install');
      expect(page.version).toBe('1.0');
      expect(JSON.stringify(page.tree)).toContain('assembler command of release 1.0');
      // Neither the current version's pages nor the other older ones compiled meanwhile.
      expect(live.keysOf('/docs/guides/install')).toBeUndefined();
      expect(live.keysOf('/docs/next/intro')).toBeUndefined();
      expect(live.keysOf('/docs/1.0/intro')).toBeUndefined();
    });
  });

  it('answers a generated category page while the docs wait', async () => {
    await servedEarly('tests/fixtures/docusaurus-trailing-slash', async (site, live, ask) => {
      expect((await ask('/docs/category/guides/')).state).toBe('ready');
      const page = await pageOf(site, '/docs/category/guides');
      expect(page.title).toBe('Guides');
      expect(JSON.stringify(page.tree)).toContain('/docs/guides/deploy');
      expect(live.keysOf('/docs/guides/deploy')).toBeUndefined();
    });
  });

  it("answers the blog's posts and lists while the docs wait", async () => {
    await servedEarly('tests/fixtures/docusaurus-blog', async (site, live, ask) => {
      expect((await ask('/blog/2024/03/05/tips')).state).toBe('ready');
      expect(JSON.stringify((await pageOf(site, '/blog/2024/03/05/tips')).tree)).toContain('Three tips');
      expect((await ask('/blog/page/2')).state).toBe('ready');
      expect((await ask('/blog/tags/tips')).state).toBe('ready');
      expect(live.keysOf('/docs/intro')).toBeUndefined();
    });
  });

  it('copies the images of a page served early as it is stored', async () => {
    await servedEarly('tests/fixtures/markdown-features', async (site, _live, ask, outDir) => {
      expect((await ask('/links')).state).toBe('ready');
      const src = /\/assets\/media\/picture-[0-9a-f]{10}\.svg/.exec(
        JSON.stringify((await pageOf(site, '/links')).tree),
      );
      expect(existsSync(join(outDir, 'client', src![0]))).toBe(true);
    });
  });
});
