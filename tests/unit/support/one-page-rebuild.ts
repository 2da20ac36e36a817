// Helpers of the one-page rebuild's tests (tests/unit/sites/one-page-rebuild*.test.ts): a dev
// build as `npm start` makes it, and the check that a rebuild stored what a full build of the
// edited tree stores.

import { rm, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { rebuildPages } from '../../../scripts/compiler/incremental/rebuild-pages.ts';
import { readKvEntries } from '../../../scripts/compiler/outputs/kv-writer.ts';
import { runBuild } from '../../../scripts/compiler/pipeline.ts';
import type { BuildResult } from '../../../scripts/compiler/types.ts';
import { tempDir } from './temp-dirs.ts';

const keptDirs: string[] = [];

/** Removes the folders the kept states held (call after the file's tests). */
export async function discardKeptStates(): Promise<void> {
  await Promise.all(keptDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/**
 * A dev build as `npm start` makes it, keeping its state; `searchSpillBudget`: a search writer that
 * spills to disk, as a large site's does.
 */
export async function devBuild(
  siteDir: string,
  keepState = false,
  searchSpillBudget?: number,
): Promise<{ result: BuildResult; out: string }> {
  const out = await tempDir('incremental-out');
  const result = await runBuild({
    siteDir,
    outDir: out,
    skipClient: true,
    tolerateBrokenPages: true,
    development: true,
    keepState,
    ...(searchSpillBudget ? { searchSpillBudget } : {}),
  });
  if (result.state) keptDirs.push(result.state.searchDir);
  return { result, out };
}

export const entriesOf = async (out: string) =>
  new Map((await readKvEntries(out)).map((entry) => [entry.key, entry.value]));

/** Rebuilds after `changed` from `result`'s state, failing the test if it falls back to a full build. */
export async function rebuildFrom(result: BuildResult, changed: string[]) {
  const out = await tempDir('incremental-turn');
  const outcome = await rebuildPages(result.state!, changed, { outDir: out });
  if ('fallback' in outcome) throw new Error(`fell back: ${outcome.fallback}`);
  return { ...outcome, out };
}

/**
 * The rebuild in `turnOut` against a full build of the same tree: the same build id and key
 * record, every value it wrote as the full build wrote it, and every value the edit changed written.
 */
export async function expectSameAsFullBuild(siteDir: string, earlierOuts: string[], turnOut: string): Promise<void> {
  const full = await devBuild(siteDir);
  const [turn, fresh] = await Promise.all([entriesOf(turnOut), entriesOf(full.out)]);
  // What the KV held before the rebuild: what the earlier builds wrote.
  const first = new Set<string>();
  for (const out of earlierOuts) for (const key of (await entriesOf(out)).keys()) first.add(key);
  const buildId = (await readFile(join(turnOut, 'kv', 'build-id'), 'utf8')).trim();
  expect(buildId).toBe(full.result.buildId);
  expect(await readFile(join(turnOut, 'kv', 'keys.json'), 'utf8')).toBe(
    await readFile(join(full.out, 'kv', 'keys.json'), 'utf8'),
  );
  const withoutTime = (text: string | undefined) => ({ ...JSON.parse(text ?? '{}'), builtAt: undefined });
  const manifestKey = `b:${buildId}:manifest`;
  expect(withoutTime(turn.get(manifestKey))).toEqual(withoutTime(fresh.get(manifestKey)));
  for (const [key, value] of turn) if (key !== manifestKey) expect(value, key).toBe(fresh.get(key));
  const changed = [...fresh.keys()].filter((key) => !first.has(key));
  expect(changed.filter((key) => !turn.has(key))).toEqual([]);
}
