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
import { searchAnswers } from './search-index.ts';
import { tempDir } from './temp-dirs.ts';

const keptDirs: string[] = [];

/** Removes the folders the kept states held (call after the file's tests). */
export async function discardKeptStates(): Promise<void> {
  await Promise.all(keptDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/**
 * A dev build as `npm start` makes it, keeping its state; `searchSpillBudget`: a search writer that
 * spills to disk, as a large site's does; `cacheDir`: a compile cache, as npm start's.
 */
export async function devBuild(
  siteDir: string,
  keepState = false,
  { searchSpillBudget, cacheDir }: { searchSpillBudget?: number; cacheDir?: string } = {},
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
    ...(cacheDir ? { cacheDir } : {}),
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
 * An edit that adds or takes out a record among others its page kept is the exception: the kept
 * search writer leaves those at their ranks (stable-ranks.ts), so the search pieces, and the build
 * id and records naming them, differ; then every other value must be the full build's, and the
 * index must answer `searchQueries` as the full build's does.
 */
export async function expectSameAsFullBuild(
  siteDir: string,
  earlierOuts: string[],
  turnOut: string,
  searchQueries?: string[],
): Promise<void> {
  const full = await devBuild(siteDir);
  const [turn, fresh] = await Promise.all([entriesOf(turnOut), entriesOf(full.out)]);
  // What the KV held before the rebuild: what the earlier builds wrote.
  const earlier = new Map<string, string>();
  for (const out of earlierOuts) for (const [key, value] of await entriesOf(out)) earlier.set(key, value);
  const buildId = (await readFile(join(turnOut, 'kv', 'build-id'), 'utf8')).trim();
  const ranksKept = buildId !== full.result.buildId;
  if (ranksKept && !searchQueries)
    throw new Error(
      "the rebuild's build id is not the full build's: pass the queries its search index must answer alike",
    );
  /** Keys of the search pieces, and of the build's own records, which name them. */
  const namesSearch = (key: string) => ranksKept && (key.startsWith('search:') || key.startsWith('b:'));
  const keysOf = async (out: string) =>
    (JSON.parse(await readFile(join(out, 'kv', 'keys.json'), 'utf8')) as string[]).filter((key) => !namesSearch(key));
  expect(await keysOf(turnOut)).toEqual(await keysOf(full.out));
  const manifestOf = (entries: Map<string, string>, id: string) => {
    const { builtAt: _, buildId: __, search, ...rest } = JSON.parse(entries.get(`b:${id}:manifest`) ?? '{}');
    return { ...rest, ...(ranksKept ? {} : { buildId: id, search }) };
  };
  expect(manifestOf(turn, buildId)).toEqual(manifestOf(fresh, full.result.buildId));
  for (const [key, value] of turn)
    if (!key.endsWith(':manifest') && !namesSearch(key)) expect(value, key).toBe(fresh.get(key));
  const changed = [...fresh.keys()].filter((key) => !earlier.has(key) && !namesSearch(key));
  expect(changed.filter((key) => !turn.has(key))).toEqual([]);
  if (ranksKept) {
    const indexOf = (entries: Map<string, string>, id: string) => {
      const pieces = new Map<string, string>();
      for (const [key, value] of entries) if (key.startsWith('search:')) pieces.set(key.slice('search:'.length), value);
      const manifest = JSON.parse(entries.get(`b:${id}:manifest`)!) as { search: { directory: string } };
      return { directory: manifest.search.directory, pieces };
    };
    const kept = indexOf(new Map([...earlier, ...turn]), buildId);
    expect(await searchAnswers(kept, searchQueries!)).toEqual(
      await searchAnswers(indexOf(fresh, full.result.buildId), searchQueries!),
    );
  }
}
