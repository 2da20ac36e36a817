// Docusaurus config keys the build does not serve but that change what readers or search engines
// get (other static folders, client modules, noIndex): one warning each with its line, instead
// of being dropped silently; nothing for the usual values.

import { describe, expect, it } from 'vitest';
import { buildSite, page, writeSite } from '../support/sites.ts';

async function warningsFor(lines: string[]): Promise<string[]> {
  const site = await writeSite({
    'docs/intro.md': page('Intro', 'Hello.'),
    'docusaurus.config.js': [
      'module.exports = {',
      "  title: 'Project',",
      "  url: 'https://project.example.com',",
      ...lines,
      "  presets: [['classic', { blog: false }]],",
      '};',
      '',
    ].join('\n'),
  });
  const built = await buildSite(site);
  return built.warnings
    .map((warning) => warning.message)
    .filter((message) => /staticDirectories|clientModules|noIndex/.test(message));
}

describe('config keys that are not served', () => {
  it('names each with its line and what to do', async () => {
    expect(
      await warningsFor([
        "  staticDirectories: ['static', 'public'],",
        "  clientModules: ['./src/analytics.js'],",
        '  noIndex: true,',
      ]),
    ).toEqual([
      'docusaurus.config.js:4: staticDirectories: only static/ is served; public is left out\n  fix: move those files into static/',
      'docusaurus.config.js:5: clientModules are not run: one module the site loads on every page\n  fix: load what they do from a component a page imports, or remove them from clientModules',
      'docusaurus.config.js:6: noIndex is not applied: search engines may index every page\n  fix: keep the site from crawlers another way (a robots.txt in static/), or remove noIndex',
    ]);
  });

  it('says nothing for the usual values', async () => {
    expect(
      await warningsFor(["  staticDirectories: ['static'],", '  clientModules: [],', '  noIndex: false,']),
    ).toEqual([]);
  });
});
