// `npm start` rebuilds an edited page from the state its last build kept (compiler/incremental/):
// the values it stores must be the very bytes a full build of the edited tree stores, a partial's
// edit must rebuild the pages that import it, and what it cannot redo must say so, for a full build.

import { appendFile, cp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rebuildPages } from '../../../scripts/compiler/incremental/rebuild-pages.ts';
import { warmRebuild } from '../../../scripts/compiler/incremental/warm-rebuild.ts';
import { discardKeptStates, devBuild, entriesOf, expectSameAsFullBuild } from '../support/one-page-rebuild.ts';
import { tempDir as temp } from '../support/temp-dirs.ts';

const fixture = 'tests/fixtures/docusaurus-markdown';
afterAll(discardKeptStates);

/** The files under `dir` with their sizes and times, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = names.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  const described = await Promise.all(
    files.map(async (file) => {
      const { size, mtimeMs } = await stat(file);
      return `${file} ${size} ${mtimeMs}`;
    }),
  );
  return described.sort();
}

describe('a one-page rebuild under npm start', () => {
  it('stores an edited page, its route bucket, llms and search pieces as a full build of the edited tree', async () => {
    const siteDir = await temp('site');
    await cp(fixture, siteDir, { recursive: true });
    const first = await devBuild(siteDir, true);
    await appendFile(join(siteDir, 'docs', 'plain.md'), '\nA sentence about pelicans, added while the server ran.\n');

    const turnOut = await temp('turn');
    const outcome = await rebuildPages(first.result.state!, [join(siteDir, 'docs', 'plain.md')], { outDir: turnOut });

    if ('fallback' in outcome) throw new Error(`fell back: ${outcome.fallback}`);
    expect(outcome.pages).toEqual(['/plain']);
    const turn = await entriesOf(turnOut);
    const page = [...turn.entries()].find(([key]) => key.startsWith('page:'));
    expect(page?.[1]).toContain('pelicans');
    await expectSameAsFullBuild(siteDir, [first.out], turnOut);
  });

  it('rebuilds one page when the search index spilled to disk, as a large site does', async () => {
    const siteDir = await temp('site');
    await cp(fixture, siteDir, { recursive: true });
    const first = await devBuild(siteDir, true, { searchSpillBudget: 1 });
    expect(first.result.state?.searchIndex.spilled()).toBe(true);
    await appendFile(join(siteDir, 'docs', 'plain.md'), '\nA sentence about cormorants, added while the server ran.\n');

    const turnOut = await temp('turn');
    const outcome = await rebuildPages(first.result.state!, [join(siteDir, 'docs', 'plain.md')], { outDir: turnOut });

    if ('fallback' in outcome) throw new Error(`fell back: ${outcome.fallback}`);
    expect(outcome.pages).toEqual(['/plain']);
    await expectSameAsFullBuild(siteDir, [first.out], turnOut);

    // And again, from the state that rebuild handed back.
    await appendFile(join(siteDir, 'docs', 'plain.md'), '\nAnd one about gannets.\n');
    const secondOut = await temp('turn');
    const second = await rebuildPages(outcome.result.state!, [join(siteDir, 'docs', 'plain.md')], {
      outDir: secondOut,
    });
    if ('fallback' in second) throw new Error(`fell back: ${second.fallback}`);
    await expectSameAsFullBuild(siteDir, [first.out, turnOut], secondOut);
  });

  it('warms up on a page compiled past the compile cache, and the rebuild after it stores what a full build does', async () => {
    const siteDir = await temp('site');
    await cp(fixture, siteDir, { recursive: true });
    const cacheDir = await temp('cache');
    const first = await devBuild(siteDir, true, { cacheDir });
    const cached = await filesUnder(cacheDir);
    expect(cached.length).toBeGreaterThan(0);

    // npm start does this once the first build is served, so the author's first edit does not.
    const { routes: warmed, done } = await warmRebuild(first.result.state!);

    expect(done).toBe(true);
    expect(warmed).toHaveLength(1);
    expect(first.result.pages.map((page) => page.route)).toContain(warmed[0]);
    expect(await filesUnder(cacheDir)).toEqual(cached);
    await appendFile(join(siteDir, 'docs', 'plain.md'), '\nA sentence about puffins, added after the warm-up.\n');
    const turnOut = await temp('turn');
    const outcome = await rebuildPages(first.result.state!, [join(siteDir, 'docs', 'plain.md')], { outDir: turnOut });
    if ('fallback' in outcome) throw new Error(`fell back: ${outcome.fallback}`);
    await expectSameAsFullBuild(siteDir, [first.out], turnOut);
  });

  it('warms up on a page of each docs version, each compiled in the context of its version', async () => {
    const siteDir = await temp('site');
    await cp('tests/fixtures/docusaurus-versions', siteDir, { recursive: true });
    const first = await devBuild(siteDir, true);

    // An edit that comes meanwhile stops it between two steps: here after the first version's page.
    let asked = 0;
    const stopped = await warmRebuild(first.result.state!, () => ++asked > 1);
    expect(stopped).toEqual({ routes: [expect.any(String)], done: false });
    const { routes: warmed, done } = await warmRebuild(first.result.state!);

    expect(done).toBe(true);
    // The current docs (/docs/next/), the last version (/docs/) and 1.0 (/docs/1.0/): one page of each.
    expect(warmed).toHaveLength(3);
    expect(warmed.filter((route) => route.startsWith('/docs/next/'))).toHaveLength(1);
    expect(warmed.filter((route) => route.startsWith('/docs/1.0/'))).toHaveLength(1);
    for (const route of warmed) expect(first.result.pages.map((page) => page.route)).toContain(route);
  });

  it('rebuilds a page of a docs plugin instance as a full build of the edited tree', async () => {
    const siteDir = await temp('site');
    await cp('tests/fixtures/docusaurus-docs-instances', siteDir, { recursive: true });
    const first = await devBuild(siteDir, true);
    const edited = join(siteDir, 'community', 'support.md');
    await appendFile(edited, '\nA sentence about puffins, added while the server ran.\n');

    const turnOut = await temp('turn');
    const outcome = await rebuildPages(first.result.state!, [edited], { outDir: turnOut });

    if ('fallback' in outcome) throw new Error(`fell back: ${outcome.fallback}`);
    expect(outcome.pages).toEqual(['/help/support']);
    await expectSameAsFullBuild(siteDir, [first.out], turnOut);
  });

  it('rebuilds the pages that import an edited partial, and a second edit after the first', async () => {
    const siteDir = await temp('site');
    await cp(fixture, siteDir, { recursive: true });
    const first = await devBuild(siteDir, true);
    const partial = join(siteDir, 'docs', '_shared.mdx');
    await appendFile(partial, '\nShared words about herons.\n');

    const turnOut = await temp('turn');
    const outcome = await rebuildPages(first.result.state!, [partial], { outDir: turnOut });

    if ('fallback' in outcome) throw new Error(`fell back: ${outcome.fallback}`);
    // One imports it by a relative path, the other through `@site/`.
    expect(outcome.pages.sort()).toEqual(['/', '/guides/setup']);
    // The shared paragraph lands among what the pages kept: their search ranks stay as they were.
    const queries = ['herons', 'shared words', 'shared', 'fences page', 'read', 'setup', 'storks', 'line'];
    await expectSameAsFullBuild(siteDir, [first.out], turnOut, queries);

    // The state the rebuild left serves the next edit as well.
    await appendFile(join(siteDir, 'docs', 'fences.mdx'), '\nA line about storks.\n');
    const secondOut = await temp('turn');
    const second = await rebuildPages(outcome.result.state!, [join(siteDir, 'docs', 'fences.mdx')], {
      outDir: secondOut,
    });
    if ('fallback' in second) throw new Error(`fell back: ${second.fallback}`);
    expect(second.pages).toEqual(['/fences']);
    await expectSameAsFullBuild(siteDir, [first.out, turnOut], secondOut, queries);
  });

  it('asks for a full build when an edit changes what other pages show, or touches the config', async () => {
    const siteDir = await temp('site');
    await cp(fixture, siteDir, { recursive: true });
    const { result } = await devBuild(siteDir, true);
    const plain = join(siteDir, 'docs', 'plain.md');
    // The title is in the sidebar and in other pages' previous/next links.
    await writeFile(plain, (await readFile(plain, 'utf8')).replace('title: Plain CommonMark', 'title: Plainer'));

    const renamed = await rebuildPages(result.state!, [plain], { outDir: await temp('turn') });
    expect(renamed).toEqual({ fallback: 'docs/plain.md changed what other pages show of it' });

    const config = join(siteDir, 'docusaurus.config.js');
    const configEdit = await rebuildPages(result.state!, [config], { outDir: await temp('turn') });
    expect(configEdit).toEqual({ fallback: 'docusaurus.config.js is not a page' });

    const added = await rebuildPages(result.state!, [join(siteDir, 'docs', 'new.md')], { outDir: await temp('turn') });
    expect(added).toEqual({ fallback: 'docs/new.md was added, removed or renamed' });
  });
});
