// "Edit this page" as Docusaurus computes it: the docs option `editUrl` (a base URL, or a
// function of the doc) and frontmatter `custom_edit_url` (a URL, or null for none).

import { describe, expect, it } from 'vitest';
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
