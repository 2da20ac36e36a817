// Docs with `draft: true`, as Docusaurus builds them: shown by development builds (`npm start`),
// left out of production builds, and out of their sidebars, which may still name them.

import { describe, expect, it } from 'vitest';
import { buildSite, devBuildSite, page, writeSite } from '../support/sites.ts';

const site = () =>
  writeSite({
    'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/', sidebarPath: './sidebars.js' }, blog: false }]] };`,
    'sidebars.js': `module.exports = { docs: ['intro', 'wip', { type: 'category', label: 'More', link: { type: 'doc', id: 'plans' }, items: ['intro'] }] };`,
    'docs/intro.md': page('Intro', 'Welcome.'),
    'docs/wip.md': ['---', 'title: Work in progress', 'draft: true', '---', '', 'Not ready.', ''].join('\n'),
    'docs/plans.md': ['---', 'title: Plans', 'draft: true', '---', '', 'Secret plans.', ''].join('\n'),
  });
const labels = (items: { label: string; items?: unknown[] }[]): unknown[] =>
  items.map((item) => (item.items ? [item.label, labels(item.items as never)] : item.label));

describe('draft docs', () => {
  it('leaves drafts out of a production build and out of the sidebar that names them', async () => {
    const built = await buildSite(await site());
    expect(built.pages.map((p) => p.route).sort()).toEqual(['/intro']);
    expect(JSON.stringify(built.pages)).not.toContain('Secret plans');
    expect(labels(Object.values(built.sidebars)[0] as never)).toEqual(['Intro', ['More', ['Intro']]]);
    expect(built.warnings).toEqual([]);
  });

  it('builds them in a development build, in their sidebar', async () => {
    const built = await devBuildSite(await site());
    expect(built.pages.map((p) => p.route).sort()).toEqual(['/intro', '/plans', '/wip']);
    expect(labels(Object.values(built.sidebars)[0] as never)).toEqual([
      'Intro',
      'Work in progress',
      ['More', ['Intro']],
    ]);
  });
});
