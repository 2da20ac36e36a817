// "Edit this page" as Docusaurus computes it: the docs option `editUrl` (a base URL, or a
// function of the doc) and frontmatter `custom_edit_url` (a URL, or null for none); and the docs
// option `showLastUpdateTime`, which the doc page's footer reads.

import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';
import { buildSite, page, writeSite, type BuiltSite } from '../support/sites.ts';

const editUrls = (built: BuiltSite) => Object.fromEntries(built.pages.map((stored) => [stored.route, stored.editUrl]));

describe('editUrl', () => {
  it('adds the docs folder and the doc path to a base URL, and lets custom_edit_url replace or remove it', async () => {
    const built = await buildSite('tests/fixtures/docusaurus-edit-url');
    expect(editUrls(built)).toEqual({
      '/docs/intro': 'https://github.com/example/site/tree/main/website/docs/intro.md',
      '/docs/guides/setup': 'https://github.com/example/site/tree/main/website/docs/guides/setup.md',
      '/docs/generated': undefined,
      '/docs/elsewhere': 'https://gitlab.example.com/docs/-/edit/main/elsewhere.md',
    });
  });

  it('calls a function with the version, its folder, the doc path and the permalink', async () => {
    const site = await writeSite({
      'docs/guides/setup.md': page('Setup', 'Install it.'),
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Edit Links', url: 'https://edit.example.com',",
        "  presets: [['classic', { blog: false, docs: {",
        '    editUrl: ({ version, versionDocsDirPath, docPath, permalink, locale }) =>',
        '      `https://cms.example.com/${locale}/${version}/${versionDocsDirPath}/${docPath}?from=${permalink}`,',
        '  } }]],',
        '};',
        '',
      ].join('\n'),
    });
    expect(editUrls(await buildSite(site))).toEqual({
      '/docs/guides/setup': 'https://cms.example.com/en/current/docs/guides/setup.md?from=/docs/guides/setup',
    });
  });

  it('writes no link a reader could be sent anywhere with but the web', async () => {
    const site = await writeSite({
      'docs/intro.md': ['---', 'title: Intro', 'custom_edit_url: javascript:alert(1)', '---', '', 'Hi.', ''].join('\n'),
      'docusaurus.config.js': "module.exports = { title: 'X', url: 'https://x.example.com' };\n",
    });
    expect(editUrls(await buildSite(site))).toEqual({ '/docs/intro': undefined });
  });
});

describe('showLastUpdateTime', () => {
  it('reaches the site configuration the doc pages read, and only when set', async () => {
    const withOption = (options: string) =>
      writeSite({
        'docs/intro.md': page('Intro', 'Hi.'),
        'docusaurus.config.js': `module.exports = { title: 'X', url: 'https://x.example.com', presets: [['classic', { docs: ${options} }]] };\n`,
      });
    expect((await loadSiteConfig(await withOption('{ showLastUpdateTime: true }'))).site.docs.showLastUpdateTime).toBe(
      true,
    );
    expect((await loadSiteConfig(await withOption('{}'))).site.docs).not.toHaveProperty('showLastUpdateTime');
  });
});
