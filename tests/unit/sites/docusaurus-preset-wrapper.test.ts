// Step "config" on presets that wrap the classic one: their docs, blog and theme options are read
// as the classic preset's, and the build says once that what the preset adds itself is not run.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, page, writeSite, type BuiltSite } from '../support/sites.ts';

const wrapperWarnings = (site: BuiltSite) =>
  site.warnings.filter((warning) => /is read as the classic preset it wraps/.test(warning.problem));

describe('a preset of its own whose options carry docs and theme', () => {
  let site: BuiltSite;

  beforeAll(async () => {
    site = await buildSite('tests/fixtures/docusaurus-preset-wrapper');
  });

  it("serves the docs from the preset's docs path, at its routeBasePath, with its sidebar", () => {
    expect(site.pages.map((p) => p.route).sort()).toEqual(['/handbook/advanced/tuning', '/handbook/welcome']);
    const welcome = site.pages.find((p) => p.route === '/handbook/welcome')!;
    expect(welcome.sidebar).toBe('handbook');
  });

  it("bundles the preset's theme.customCss", async () => {
    const url = site.manifest.assets.styles.at(-1)!;
    const css = await readFile(join(site.outDir, 'client', url), 'utf8');
    expect(css).toContain('.brand-banner');
  });

  it('warns once, naming the preset and its line, and not about a blog it turned off', () => {
    const [warning, ...more] = wrapperWarnings(site);
    expect(more).toEqual([]);
    expect(warning).toMatchObject({ file: 'docusaurus.config.js', line: 9 });
    expect(warning!.problem).toMatch(/^preset "@acme\/docusaurus-preset" is read as the classic preset/);
    expect(site.warnings.filter((w) => /the blog/.test(w.problem))).toEqual([]);
  });
});

describe('a preset known to wrap the classic one, given no options', () => {
  it('builds the docs folder as the classic preset would, and warns once', async () => {
    const site = await buildSite(
      await writeSite({
        'docusaurus.config.js':
          "module.exports = { title: 'T', url: 'https://t.test', baseUrl: '/', presets: ['docusaurus-preset-openapi'] };",
        'docs/a.md': page('A', 'Hello.'),
      }),
    );
    expect(site.pages.map((p) => p.route)).toEqual(['/docs/a']);
    expect(wrapperWarnings(site).map((w) => w.problem)).toEqual([
      expect.stringMatching(/^preset "docusaurus-preset-openapi" is read/),
    ]);
  });

  it("reads a wrapper's blog options as the classic preset's", async () => {
    const site = await buildSite(
      await writeSite({
        'docusaurus.config.js':
          "module.exports = { title: 'T', url: 'https://t.test', baseUrl: '/', presets: [['docusaurus-preset-openapi', { blog: { path: 'news' } }]] };",
        'docs/a.md': page('A', 'Hello.'),
        'news/2024-01-01-hi.md': page('Hi', 'Post.'),
      }),
    );
    // The wrapper's blog folder is served as the classic preset's would be.
    expect(site.pages.map((p) => p.route)).toContain('/blog/2024/01/01/hi');
  });
});
