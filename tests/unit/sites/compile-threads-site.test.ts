// A site whose pages run code (the docs hooks, `useGlobalData()`, `<DocCardList />`) built on
// compile threads, which read the routes, the docs' places and global data from shared memory and
// get each batch's category cards with the batch: every stored value as the build's own thread makes it.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readKvEntries } from '../../../scripts/compiler/outputs/kv-writer.ts';
import { runBuild } from '../../../scripts/compiler/pipeline.ts';

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function kvOf(siteDir: string, threads: number): Promise<{ buildId: string; values: Map<string, string> }> {
  const outDir = await mkdtemp(join(tmpdir(), 'self-docs-threads-site-'));
  made.push(outDir);
  const before = process.env.SELF_BUILD_THREADS;
  process.env.SELF_BUILD_THREADS = String(threads);
  try {
    const result = await runBuild({ siteDir, outDir, skipClient: true });
    const values = new Map((await readKvEntries(outDir)).map((entry) => [entry.key, entry.value]));
    return { buildId: result.buildId, values };
  } finally {
    if (before === undefined) delete process.env.SELF_BUILD_THREADS;
    else process.env.SELF_BUILD_THREADS = before;
  }
}

describe('a site with the docs hooks, built on compile threads', () => {
  it('stores every page as the build thread does', async () => {
    const fixture = 'tests/fixtures/docusaurus-theme-hooks';
    const [inThread, onThreads] = [await kvOf(fixture, 0), await kvOf(fixture, 2)];
    const withoutTime = (text: string | undefined) => ({ ...JSON.parse(text ?? '{}'), builtAt: undefined });
    const manifest = `b:${inThread.buildId}:manifest`;
    expect(onThreads.buildId).toBe(inThread.buildId);
    expect(withoutTime(onThreads.values.get(manifest))).toEqual(withoutTime(inThread.values.get(manifest)));
    for (const [key, value] of inThread.values)
      if (key !== manifest) expect(onThreads.values.get(key), key).toBe(value);
    // The doc card list and the hooks' answers are in the pages compared.
    const pages = [...inThread.values].filter(([key]) => key.startsWith('page:')).map(([, value]) => value);
    expect(pages.some((page) => page.includes('DocFacts'))).toBe(true);
  });
});
