// The worker script's size as uploaded: every new isolate reads and compiles all of it before its
// first answer, so it is a byte budget, deterministic for a given source. The script is bundled
// exactly as a deploy bundles it (`wrangler deploy --dry-run`, wrangler.toml's settings).
// How fast a new isolate answers is measured by `npm run bench -- --startup`, never by tests.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleModules, bundleWorker } from '../../../scripts/local/workerd.ts';

const kib = 1024;

let workDir: string;
let modules: Map<string, Buffer>;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'self-docs-script-budget-'));
  modules = bundleModules(await bundleWorker(workDir));
}, 180_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('the worker script as uploaded', () => {
  it('stays within 600 KiB, every module counted', () => {
    const total = [...modules.values()].reduce((sum, bytes) => sum + bytes.length, 0);
    expect(total).toBeLessThanOrEqual(600 * kib);
  });

  // The benches' slow KV (scripts/bench/slow-kv-worker.ts) is a wrapper only `npm run bench` runs:
  // the deployed script has none of it, so no variable set on a deployed worker can slow its reads.
  it('has no bench switch: a deploy cannot inject KV latency or hold pages back', () => {
    const script = [...modules.values()].map((bytes) => bytes.toString('utf8')).join('\n');
    for (const name of ['BENCH_KV_LATENCY_MS', 'BENCH_FORGET_PAGES', 'BENCH_WHOLE_HTML'])
      expect(script).not.toContain(name);
  });

  // npm start runs scripts/local/live-reload/dev-worker.ts around the worker; a deploy bundles wrangler.toml's main.
  it("holds none of npm start's live reload", () => {
    const script = [...modules.values()].map((bytes) => bytes.toString('utf8')).join('\n');
    expect(script).toContain('/__data/');
    expect(script).not.toContain('/__dev/');
    expect(script).not.toContain('LIVE_RELOAD');
    expect(script).not.toContain('HTMLRewriter');
  });

  // zod's chainable API keeps the whole library in the bundle (its schemas register by name, which
  // minifying keeps); the worker's schemas use zod/mini, whose classes are named ZodMini….
  it('validates request bodies with zod/mini, not the whole of zod', () => {
    const script = modules.get('index.js')!.toString('utf8');
    expect(script).toContain('ZodMiniObject');
    expect(script).not.toContain('"ZodObject"');
  });
});
