// The search bench's split of workerd's CPU: the worker bundled from the bench's entry without the
// edge cache answers as the deployed worker does, but nothing reaches Miniflare's Cache API
// simulator (the same search twice is computed twice), so its CPU is the worker's own. Nothing
// here is timed.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../../client/contract/storage.ts';
import { searchBody } from '../../../../scripts/bench/load.ts';
import { noEdgeCacheEntry, ownCpu } from '../../../../scripts/bench/own-cpu.ts';
import { runCollecting } from '../../../../scripts/cli/run.ts';
import { readKvEntries } from '../../../../scripts/compiler/outputs/kv-writer.ts';
import { bundleWorker, workerdOptions } from '../../../../scripts/local/workerd.ts';

let work = '';
const bundles = { deployed: '', own: '' };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'bench-own-cpu-test-'));
  const built = runCollecting(process.execPath, [
    '--import',
    'tsx',
    'tests/support/fixture-build.ts',
    'tests/fixtures/site',
    join(work, 'out'),
  ]);
  [bundles.deployed, bundles.own] = await Promise.all([
    bundleWorker(join(work, 'deployed')),
    bundleWorker(join(work, 'own'), noEdgeCacheEntry),
  ]);
  const { code, stderr } = await built;
  if (code !== 0) throw new Error(`the fixture build failed:\n${stderr}`);
}, 180_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The same DocSearch search twice on a fresh workerd serving `bundleDir`: each answer's cache header and hits. */
async function searchTwice(bundleDir: string, name: string) {
  const { Miniflare } = await import('miniflare');
  const outDir = join(work, 'out');
  const mf: Miniflare = new Miniflare(
    workerdOptions({
      bundleDir,
      persist: join(work, `state-${name}`),
      port: 0,
      bindings: { SEARCH_CACHE_TTL: '300', HTML_CACHE_TTL: '0' },
    }),
  );
  try {
    const { origin } = await mf.ready;
    const kv = await mf.getKVNamespace('CONTENT');
    await Promise.all((await readKvEntries(outDir)).map(({ key, value }) => kv.put(key, value)));
    const buildId = (await readFile(join(outDir, 'kv', 'build-id'), 'utf8')).trim();
    await kv.put(kvKeys.history, JSON.stringify([buildId]));
    await kv.put(kvKeys.current, buildId);
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${origin}/1/indexes/*/queries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: searchBody('setup'),
      });
      const { results } = (await response.json()) as { results: { hits: unknown[] }[] };
      answers.push({ cache: response.headers.get('x-search-cache'), hits: results[0]!.hits });
      // The deployed worker writes the answer to the cache after answering (waitUntil).
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return answers;
  } finally {
    await mf.dispose();
  }
}

describe("the worker's own CPU", () => {
  it('answers as deployed, with nothing kept in or read from the Cache API simulator', async () => {
    const deployed = await searchTwice(bundles.deployed, 'deployed');
    const own = await searchTwice(bundles.own, 'own');
    expect(deployed.map((answer) => answer.cache)).toEqual(['miss', 'hit']);
    expect(own.map((answer) => answer.cache)).toEqual(['miss', 'miss']);
    expect(deployed[0]!.hits.length).toBeGreaterThan(0);
    expect(own[0]!.hits).toEqual(deployed[0]!.hits);
    expect(own[1]!.hits).toEqual(deployed[0]!.hits);
  }, 300_000);

  it("splits workerd's CPU into the worker's and the simulator's", () => {
    const split = ownCpu(
      { coldFirstCpuMs: 30, servicesUpCpuMs: 24.5, cpuMsPerSearch: 7.1 },
      { coldFirstCpuMs: 26, servicesUpCpuMs: 21, cpuMsPerSearch: 5.05 },
    );
    expect(split).toEqual({
      firstSearch: { worker: 26, cacheSimulator: 4 },
      firstServicesUp: { worker: 21, cacheSimulator: 3.5 },
      warm: { worker: 5.05, cacheSimulator: 2.05 },
    });
  });
});
