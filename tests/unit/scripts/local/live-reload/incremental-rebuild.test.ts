// npm start's rebuild after an edit to one page: the build's KV files hold only the keys the dev
// worker cannot read yet (that page, its Markdown, the route bucket, search pieces, the build's
// records; the first build's are served from its own KV files), the update written through the
// dev worker is those keys and the pointer, never the other pages, and the record of what local KV
// holds names those keys alone.

import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../../../client/contract/storage.ts';
import { readKvEntries, type KvEntry } from '../../../../../scripts/compiler/outputs/kv-writer.ts';
import { runBuild } from '../../../../../scripts/compiler/pipeline.ts';
import type { BuildResult } from '../../../../../scripts/compiler/types.ts';
import { indexKvFiles } from '../../../../../scripts/local/kv-index.ts';
import { localKvUpdate, seededKeys, type LocalKvUpdate } from '../../../../../scripts/local/local-kv.ts';

let work: string;
let second: BuildResult;
let firstEntries: KvEntry[];
let secondEntries: KvEntry[];
let update: LocalKvUpdate;
const editedRoute = '/guides/setup';

const build = (site: string, outDir: string, kvPresent?: Set<string>) =>
  runBuild({ siteDir: site, outDir, skipClient: true, tolerateBrokenPages: true, ...(kvPresent ? { kvPresent } : {}) });

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
  const fromFirstBuild = await indexKvFiles(join(work, 'first'));
  const present = new Set(fromFirstBuild.keys());
  await fromFirstBuild.close();

  const file = join(site, 'docs', 'guides', 'setup.md');
  await writeFile(file, `${await readFile(file, 'utf8')}\n\nA sentence the author just added.\n`);
  second = await build(site, join(work, 'second'), present);
  secondEntries = await readKvEntries(join(work, 'second'));
  update = await localKvUpdate(join(work, 'second'), new Set(), join(work, 'state'));
}, 300_000);

afterAll(async () => {
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

  it('writes to local KV the changed keys and the build records, then the pointer', () => {
    const keys = update.entries.map((entry) => entry.key);
    expect(pageKeys(update.entries)).toHaveLength(1);
    expect(keys).toContain(kvKeys.manifest(second.buildId));
    expect(keys.filter((key) => key.startsWith('md:'))).toHaveLength(1);
    // Nothing the first build stored under the same key is sent again.
    const before = new Set(firstEntries.map((entry) => entry.key));
    expect(keys.filter((key) => before.has(key))).toEqual([]);
    expect(update.entries.length).toBeLessThan(firstEntries.length / 2);
    expect(update.pointer.map((entry) => entry.key)).toEqual([kvKeys.history, kvKeys.current]);
    expect(update.pointer[1]!.value).toBe(second.buildId);
  });

  it('records as held by local KV the keys it wrote, none of those read from the first build', async () => {
    const written = update.entries.map((entry) => entry.key).filter((key) => /^(page|md|routes):/.test(key));
    const recorded = await seededKeys(join(work, 'state'));
    expect(written.length).toBeGreaterThan(0);
    for (const key of written) expect(recorded.has(key)).toBe(true);
    expect(pageKeys(firstEntries).filter((key) => recorded.has(key))).toEqual([]);
  });
});
