// npm start's rebuild after an edit to one page: the build's KV files hold only the keys the dev
// worker cannot read yet (that page, its Markdown, the route bucket, search pieces, the build's
// records; the first build's are served from its own KV files), those files join what the dev
// server serves, and only the pointer goes into local KV.

import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../../../client/contract/storage.ts';
import { readKvEntries, type KvEntry, type KvFileListener } from '../../../../../scripts/compiler/outputs/kv-writer.ts';
import { runBuild } from '../../../../../scripts/compiler/pipeline.ts';
import type { BuildResult } from '../../../../../scripts/compiler/types.ts';
import { indexKvFiles, type GrowingKvIndex } from '../../../../../scripts/local/kv-index.ts';
import { pointerEntries } from '../../../../../scripts/local/local-kv.ts';
import { serveRebuilt, type WrittenKvFile } from '../../../../../scripts/local/live-reload/rebuild.ts';

let work: string;
let second: BuildResult;
let firstEntries: KvEntry[];
let secondEntries: KvEntry[];
let served: GrowingKvIndex;
let servedEntries: number;
let pointer: KvEntry[];
const editedRoute = '/guides/setup';

const build = (site: string, outDir: string, kvPresent?: Set<string>, kvFiles?: KvFileListener) =>
  runBuild({
    siteDir: site,
    outDir,
    skipClient: true,
    tolerateBrokenPages: true,
    ...(kvPresent ? { kvPresent } : {}),
    ...(kvFiles ? { kvFiles } : {}),
  });

const pageKeys = (entries: KvEntry[]) => entries.map((entry) => entry.key).filter((key) => key.startsWith('page:'));

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'self-docs-incremental-'));
  const site = join(work, 'site');
  await cp('tests/fixtures/site', site, { recursive: true });
  await mkdir(join(site, 'node_modules'), { recursive: true });
  await symlink(resolve('.'), join(site, 'node_modules', 'self-docs'), 'dir');
  await mkdir(join(work, 'state', 'v3', 'kv'), { recursive: true });

  await build(site, join(work, 'first'));
  firstEntries = await readKvEntries(join(work, 'first'));
  // As npm start's first build leaves it: local KV holds none of its keys; the dev worker reads
  // them from its KV files, so the rebuild needs none of them again.
  served = await indexKvFiles(join(work, 'first'));
  const present = new Set(served.keys());

  const file = join(site, 'docs', 'guides', 'setup.md');
  await writeFile(file, `${await readFile(file, 'utf8')}\n\nA sentence the author just added.\n`);
  const written: WrittenKvFile[] = [];
  second = await build(site, join(work, 'second'), present, (file, places) => written.push({ file, places }));
  secondEntries = await readKvEntries(join(work, 'second'));
  await mkdir(join(work, 'values'));
  // Served at the places the writer counted: the files are moved, not read back.
  servedEntries = await serveRebuilt(written, join(work, 'values'), served);
  pointer = await pointerEntries(join(work, 'second'), join(work, 'state'));
}, 300_000);

afterAll(async () => {
  await served?.close();
  await rm(work, { recursive: true, force: true });
});

describe("npm start's rebuild after one page's edit", () => {
  it('writes KV files holding only the edited page of all the pages', () => {
    const edited = second.routeTargets.get(editedRoute);
    expect(edited && 'page' in edited).toBe(true);
    const editedKey = kvKeys.page((edited as { page: string }).page);
    expect(pageKeys(firstEntries).length).toBeGreaterThan(3);
    expect(pageKeys(secondEntries)).toEqual([editedKey]);
    // The build still names every page: its records are whole.
    expect(secondEntries.find((entry) => entry.key === kvKeys.keys(second.buildId))?.value).toContain(
      pageKeys(firstEntries).find((key) => key !== editedKey),
    );
  });

  it('serves the changed keys and the build records from its files beside the first build’s, then moves the pointer', async () => {
    expect(servedEntries).toBe(secondEntries.length);
    // Moved out of the staging folder, which the next rebuild makes anew.
    expect(existsSync(join(work, 'second', 'kv', 'bulk-000.json'))).toBe(false);
    const keys = [...secondEntries.map((entry) => entry.key), ...firstEntries.map((entry) => entry.key)];
    const read = JSON.parse(await served.readJson(keys)) as Record<string, string | null>;
    // Each key as the build that stored it last wrote it: the rebuild's, else the first build's.
    const expected = Object.fromEntries([...firstEntries, ...secondEntries].map((entry) => [entry.key, entry.value]));
    expect(read).toEqual(expected);
    expect(secondEntries.map((entry) => entry.key)).toContain(kvKeys.manifest(second.buildId));
    expect(pointer.map((entry) => entry.key)).toEqual([kvKeys.history, kvKeys.current]);
    expect(pointer[1]!.value).toBe(second.buildId);
  });
});
