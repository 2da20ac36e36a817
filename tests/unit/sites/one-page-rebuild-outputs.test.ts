// A one-page rebuild redoes only the route buckets, llms parts and key record parts its pages
// changed (compiler/incremental/kept-*.ts): these edits are the ones where reusing the last
// build's could go wrong, and each must still store what a full build of the edited tree stores.

import { appendFile, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kvKeys, routeBucket } from '../../../client/contract/storage.ts';
import {
  discardKeptStates,
  devBuild,
  entriesOf,
  expectSameAsFullBuild,
  rebuildFrom,
} from '../support/one-page-rebuild.ts';
import { tempDir } from '../support/temp-dirs.ts';

afterAll(discardKeptStates);

async function siteFrom(fixture: string): Promise<string> {
  const siteDir = await tempDir('site');
  await cp(fixture, siteDir, { recursive: true });
  return siteDir;
}

/** `/llms.txt` as the build in `out` stored it. */
async function llmsText(out: string, hashes: string[]): Promise<string> {
  const entries = await entriesOf(out);
  return hashes
    .map((hash) => (JSON.parse(entries.get(kvKeys.llms(hash)) ?? '{"text":""}') as { text: string }).text)
    .join('');
}

describe('the outputs of a one-page rebuild', () => {
  it("copies an edited page's new target to the route that rewrites to it, in another bucket", async () => {
    const siteDir = await siteFrom('tests/fixtures/docusaurus-redirects');
    // Routes enough for a route table of several buckets.
    await mkdir(join(siteDir, 'docs', 'filler'));
    for (let i = 0; i < 300; i++) await writeFile(join(siteDir, 'docs', 'filler', `page-${i}.md`), `# Filler ${i}\n`);
    const first = await devBuild(siteDir, true);
    const buckets = first.result.manifest.routeBuckets.length;
    expect(routeBucket('/api', buckets)).not.toBe(routeBucket('/docs/reference/api', buckets));
    const api = join(siteDir, 'docs', 'reference', 'api.md');
    await appendFile(api, '\nA sentence about kittiwakes.\n');

    const turn = await rebuildFrom(first.result, [api]);

    const target = turn.result.routeTargets.get('/docs/reference/api');
    expect(target).not.toEqual(first.result.routeTargets.get('/docs/reference/api'));
    expect(turn.result.routeTargets.get('/api')).toEqual(target);
    await expectSameAsFullBuild(siteDir, [first.out], turn.out);
  });

  it('stores a page that breaks, and the rewrite to it, as a full build does, then again once it is fixed', async () => {
    const siteDir = await siteFrom('tests/fixtures/docusaurus-redirects');
    const first = await devBuild(siteDir, true);
    const api = join(siteDir, 'docs', 'reference', 'api.md');
    const original = await readFile(api, 'utf8');
    await writeFile(api, `${original}\n<Foo />\n`);

    const broken = await rebuildFrom(first.result, [api]);

    expect(broken.result.broken.map((page) => page.route)).toEqual(['/docs/reference/api']);
    // A broken page is listed nowhere: llms.txt changes although no title or description did.
    expect(await llmsText(first.out, first.result.manifest.llms)).toContain('[API]');
    expect(await llmsText(broken.out, broken.result.manifest.llms)).not.toContain('[API]');
    await expectSameAsFullBuild(siteDir, [first.out], broken.out);

    await writeFile(api, `${original}\nFixed, with a word about shags.\n`);
    const fixed = await rebuildFrom(broken.result, [api]);

    expect(fixed.result.broken).toEqual([]);
    expect(fixed.result.manifest.llms).toEqual(first.result.manifest.llms);
    expect(fixed.result.routeTargets.get('/api')).toEqual(fixed.result.routeTargets.get('/docs/reference/api'));
    await expectSameAsFullBuild(siteDir, [first.out, broken.out], fixed.out);
  });
});
