// The compile cache (scripts/compiler/compile/cache.ts): a rebuild takes the pages that did not change
// from the last build and gives the same output; a page whose source, links or images changed
// comes out as a fresh compile would make it.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../../../../scripts/compiler/pipeline.ts';
import { storedBuild, type BuiltSite } from '../../../../support/stored-build.ts';
import { page, writeSite } from '../../../support/sites.ts';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function cachedBuild(siteDir: string, cacheDir: string): Promise<BuiltSite> {
  const outDir = await mkdtemp(join(tmpdir(), 'self-docs-unit-cache-out-'));
  folders.push(outDir);
  return storedBuild(await runBuild({ siteDir, outDir, skipClient: true, cacheDir }), outDir);
}

const dot = (colour: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" fill="${colour}"/>`;

async function site() {
  const siteDir = await writeSite({
    'docs/intro.md': page('Intro', 'Read [the guide](./guide.md) and [the API](./api.md).'),
    'docs/guide.md': page('Guide', '## Steps', '', 'First step.', '', '```ts', 'const step = 1;', '```'),
    'docs/api.md': page('API', '![A dot](./dot.svg)', '', 'The API.'),
    'docs/dot.svg': dot('red'),
  });
  const cacheDir = await mkdtemp(join(tmpdir(), 'self-docs-unit-cache-'));
  folders.push(cacheDir);
  return { siteDir, cacheDir };
}

const pageAt = (built: BuiltSite, route: string) => built.pages.find((stored) => stored.route === route)!;

describe('compile cache', () => {
  it('compiles every page on the first build, then takes them all from the cache with the same output', async () => {
    const { siteDir, cacheDir } = await site();
    const cold = await cachedBuild(siteDir, cacheDir);
    const warm = await cachedBuild(siteDir, cacheDir);
    expect(cold.pagesFromCache).toBe(0);
    expect(warm.pagesFromCache).toBe(3);
    // Same content hashes: every stored page and Markdown export is byte for byte the same.
    expect(warm.routeTargets).toEqual(cold.routeTargets);
    expect(warm.records).toEqual(cold.records);
  });

  it('compiles again only the page that changed, which shows the change', async () => {
    const { siteDir, cacheDir } = await site();
    await cachedBuild(siteDir, cacheDir);
    await writeFile(join(siteDir, 'docs/guide.md'), page('Guide', '## Steps', '', 'First step, then a second.'));
    const rebuilt = await cachedBuild(siteDir, cacheDir);
    expect(rebuilt.pagesFromCache).toBe(2);
    expect(JSON.stringify(pageAt(rebuilt, '/guide').tree)).toContain('then a second');
  });

  it('compiles every page again when a route changes, so links lead to the new route', async () => {
    const { siteDir, cacheDir } = await site();
    await cachedBuild(siteDir, cacheDir);
    await writeFile(
      join(siteDir, 'docs/api.md'),
      ['---', 'title: API', 'slug: /reference', '---', '', 'The API.'].join('\n'),
    );
    const rebuilt = await cachedBuild(siteDir, cacheDir);
    expect(rebuilt.pagesFromCache).toBe(0);
    expect(JSON.stringify(pageAt(rebuilt, '/intro').tree)).toContain('"href":"/reference"');
  });

  it('compiles a page again when an image it shows was edited, so its URL names the new bytes', async () => {
    const { siteDir, cacheDir } = await site();
    const before = await cachedBuild(siteDir, cacheDir);
    await writeFile(join(siteDir, 'docs/dot.svg'), dot('blue'));
    const after = await cachedBuild(siteDir, cacheDir);
    expect(after.pagesFromCache).toBe(2);
    const imageUrl = (built: BuiltSite) =>
      /\/assets\/media\/dot-\w+\.svg/.exec(JSON.stringify(pageAt(built, '/api').tree))?.[0];
    expect(imageUrl(after)).toBeDefined();
    expect(imageUrl(after)).not.toBe(imageUrl(before));
  });

  it('builds every page, with a warning, when the cache folder cannot be made', async () => {
    const { siteDir } = await site();
    const notAFolder = join(await mkdtemp(join(tmpdir(), 'self-docs-unit-cache-')), 'taken');
    folders.push(dirname(notAFolder));
    await writeFile(notAFolder, 'a file where the cache folder would go');
    const built = await cachedBuild(siteDir, notAFolder);
    expect(built.pages.map((stored) => stored.route).sort()).toEqual(['/api', '/guide', '/intro']);
    expect(built.warnings.map((warning) => warning.message).join('\n')).toMatch(
      /compile cache in .*taken cannot be written/,
    );
  });

  it('keeps no page that had a problem: its warning comes again on the next build', async () => {
    const siteDir = await writeSite({
      'site.config.ts': "export default { onBrokenLinks: 'warn' };",
      'docs/intro.md': page('Intro', '[Gone](/no-such-page)'),
    });
    const cacheDir = await mkdtemp(join(tmpdir(), 'self-docs-unit-cache-'));
    folders.push(cacheDir);
    await cachedBuild(siteDir, cacheDir);
    const again = await cachedBuild(siteDir, cacheDir);
    expect(again.pagesFromCache).toBe(0);
    expect(again.warnings.map((warning) => warning.message).join('\n')).toMatch(/broken link: \/no-such-page/);
  });

  it('compiles again when a site plugin’s package changes: a page of the old version is not taken', async () => {
    const plugin = (suffix: string) =>
      [
        'module.exports = () => (tree) => {',
        `  const visit = (node) => { if (node.type === 'text') node.value = node.value.replace('NAME', 'Acme${suffix}');`,
        '    (node.children || []).forEach(visit); };',
        '  visit(tree);',
        '};',
      ].join('\n');
    const siteDir = await writeSite({
      'node_modules/site-rename/package.json': '{ "name": "site-rename", "main": "index.js" }',
      'node_modules/site-rename/index.js': plugin(''),
      'docs/intro.md': page('Intro', 'Welcome to NAME.'),
      'docusaurus.config.js': [
        "const rename = require('site-rename');",
        'module.exports = {',
        "  title: 'Plugins', url: 'https://x.test',",
        "  presets: [['classic', { docs: { routeBasePath: '/', remarkPlugins: [rename] } }]],",
        '};',
      ].join('\n'),
    });
    const cacheDir = await mkdtemp(join(tmpdir(), 'self-docs-unit-cache-'));
    folders.push(cacheDir);
    const first = await cachedBuild(siteDir, cacheDir);
    expect(JSON.stringify(first.pages[0]!.tree)).toContain('Welcome to Acme.');
    expect((await cachedBuild(siteDir, cacheDir)).pagesFromCache).toBe(1);
    await writeFile(join(siteDir, 'node_modules/site-rename/index.js'), plugin(' Corp'));
    const changed = await cachedBuild(siteDir, cacheDir);
    // (This process keeps the module it required first; a new build's process reads the new one.)
    expect(changed.pagesFromCache).toBe(0);
  });
});
