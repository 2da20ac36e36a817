// Docs plugin instances beside the classic preset's docs (`plugins: [['@docusaurus/plugin-content-docs',
// { id, path, routeBasePath, sidebarPath }]]`): served at their route base with their own sidebars,
// edit links and search tag, linked from the navbar by `docsPluginId`, their links checked like any.

import { describe, expect, it } from 'vitest';
import { kvKeys } from '../../../client/contract/storage.ts';
import { buildSite, page, writeSite } from '../support/sites.ts';
import { byTag, text } from '../support/tree.ts';

const result = await buildSite('tests/fixtures/docusaurus-docs-instances');
const pageAt = (route: string) => result.pages.find((stored) => stored.route === route);

describe('a docs plugin instance', () => {
  it('serves its pages at its route base, number prefixes taken out, beside the preset’s docs', () => {
    expect(result.pages.map((stored) => stored.route).sort()).toEqual([
      '/docs/intro',
      '/docs/setup',
      '/help/guides/contact',
      '/help/hooks',
      '/help/support',
    ]);
    expect(pageAt('/help/support')!.editUrl).toBe(
      'https://github.com/example/instances/edit/main/community/support.md',
    );
    expect(pageAt('/docs/intro')!.editUrl).toBeUndefined();
  });

  it('shows its own sidebar on its pages, under an id apart from the preset’s sidebar of the same name', () => {
    expect(pageAt('/help/support')!.sidebar).toBe('community/main');
    expect(pageAt('/docs/intro')!.sidebar).toBe('main');
    expect(result.sidebars['community/main']).toEqual([
      { type: 'doc', label: 'Support', href: '/help/support' },
      {
        type: 'category',
        label: 'Getting in touch',
        collapsed: true,
        collapsible: true,
        items: [{ type: 'doc', label: 'Contact', href: '/help/guides/contact' }],
      },
      { type: 'doc', label: 'Hooks', href: '/help/hooks' },
    ]);
    expect(pageAt('/help/guides/contact')!.previous).toEqual({ title: 'Support', href: '/help/support' });
  });

  it('tags its search records as Docusaurus does, docs-<id>-current', () => {
    const tags = (path: string) =>
      new Set(result.records.filter((record) => new URL(record.url).pathname === path).map((r) => r.docusaurus_tag));
    expect(tags('/help/support')).toEqual(new Set(['docs-community-current']));
    expect(tags('/docs/intro')).toEqual(new Set(['docs-default-current']));
  });

  it('links navbar items that name it by docsPluginId to its docs and sidebars', () => {
    expect(result.manifest.site.navbar.items).toEqual([
      { label: 'Docs', href: '/docs/intro', position: 'left', external: false },
      { label: 'Community', href: '/help/support', position: 'left', external: false },
      { label: 'Contact', href: '/help/guides/contact', position: 'right', external: false },
    ]);
  });

  it('is in llms.txt and the Markdown views, and no longer warned about', () => {
    const target = result.routeTargets.get('/help/support') as { markdown: string };
    expect(result.entry(kvKeys.markdown(target.markdown))).toMatch(/^# Support\n\nAsk on the forum about lighthouses/);
    const llms = result.manifest.llms.map((hash) => JSON.parse(result.entry(kvKeys.llms(hash))!) as { text: string });
    expect(llms.map((part) => part.text).join('')).toContain('(https://instances.example.test/help/support)');
    expect(result.warnings.map((warning) => warning.problem)).toEqual([]);
  });

  it("answers the docs plugin's hooks with the instance's id, and lists every instance", () => {
    expect(byTag(pageAt('/help/hooks')!.tree, 'li').map(text)).toEqual([
      'plugin: community at /help',
      'active: current / hooks / main',
      'instances: default, community',
      'default versions: current@/docs',
      'community docs: /help/guides/contact /help/hooks /help/support',
    ]);
  });

  it('says that an instance’s versions are not served, once, naming its versions file', async () => {
    const site = await writeSite({
      'docs/intro.md': page('Intro', 'Hi.'),
      'community/support.md': page('Support', 'Ask.'),
      'community_versions.json': '["1.0"]\n',
      'docusaurus.config.js': [
        "module.exports = { title: 'X', url: 'https://x.example.test',",
        "  plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'help' }]] };",
        '',
      ].join('\n'),
    });
    const built = await buildSite(site);
    expect(built.warnings.map((warning) => `${warning.file}:${warning.line}: ${warning.problem}`)).toEqual([
      'docusaurus.config.js:2: docs plugin instance "community" has versions (community_versions.json): only its current docs (community/) are served',
    ]);
    expect(built.pages.map((stored) => stored.route).sort()).toEqual(['/docs/intro', '/help/support']);
  });

  it('runs its own remark plugins on its pages, not on the preset’s docs', () => {
    expect(text({ t: 'div', c: pageAt('/help/guides/contact')!.tree })).toContain('maintainers of Project X');
    expect(text({ t: 'div', c: pageAt('/docs/setup')!.tree })).toContain('Install PRJX with npm.');
  });

  it('checks links between instances like any link', async () => {
    const site = await writeSite({
      'docs/intro.md': page('Intro', 'See [help](/help/missing).'),
      'community/support.md': page('Support', 'Back to [the docs](/docs/intro).'),
      'docusaurus.config.js': [
        "module.exports = { title: 'X', url: 'https://x.example.test', onBrokenLinks: 'throw',",
        "  plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'help' }]] };",
        '',
      ].join('\n'),
    });
    await expect(buildSite(site)).rejects.toThrow(/docs\/intro\.md:5: broken link.*\/help\/missing/);
  });
});
