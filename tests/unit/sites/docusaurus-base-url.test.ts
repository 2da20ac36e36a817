// A Docusaurus site served under a path (`baseUrl: '/my-project/'`, as on GitHub Pages) is served
// from its host's root here: the build says so once, naming the line, instead of moving every
// route and link silently.

import { describe, expect, it } from 'vitest';
import { buildSite, page, writeSite } from '../support/sites.ts';

function siteWithBaseUrl(baseUrl: string) {
  return writeSite({
    'docs/intro.md': page('Intro', 'Hello.'),
    'docusaurus.config.js': [
      'module.exports = {',
      "  title: 'Project',",
      "  url: 'https://example.github.io',",
      `  baseUrl: '${baseUrl}',`,
      "  presets: [['classic', { blog: false }]],",
      '};',
      '',
    ].join('\n'),
  });
}

const baseUrlWarnings = (messages: string[]) => messages.filter((message) => message.includes('baseUrl'));

describe('baseUrl', () => {
  it('warns that a project path is not used, with the line and what to do', async () => {
    const built = await buildSite(await siteWithBaseUrl('/my-project/'));
    expect(baseUrlWarnings(built.warnings.map((warning) => warning.message))).toEqual([
      'docusaurus.config.js:4: baseUrl "/my-project/" is not used: the site is served from its host\'s root (a page at /my-project/x is at /x)\n' +
        "  fix: serve the site from the root of its own host, and set baseUrl: '/' to say so",
    ]);
    expect(built.pages.map((stored) => stored.route)).toContain('/docs/intro');
  });

  it('says nothing for a site served from its root', async () => {
    const built = await buildSite(await siteWithBaseUrl('/'));
    expect(baseUrlWarnings(built.warnings.map((warning) => warning.message))).toEqual([]);
  });
});
