// A Docusaurus site whose classic preset says `docs: false` (a blog or pages-only site) builds
// without a docs folder, and builds none of the pages a docs folder left in it holds.

import { describe, expect, it } from 'vitest';
import { buildSite, page, writeSite } from '../support/sites.ts';

const blogOnlyConfig = [
  'module.exports = {',
  "  title: 'Field Notes',",
  "  url: 'https://notes.example.com',",
  "  presets: [['classic', { docs: false, blog: { routeBasePath: '/' } }]],",
  '};',
  '',
].join('\n');

describe('docs: false', () => {
  it('builds a site that has no docs folder, instead of stopping at "the docs folder does not exist"', async () => {
    const site = await writeSite({
      'docusaurus.config.js': blogOnlyConfig,
      'blog/2024-05-01-first-light.md': page('First light', 'A post.'),
    });
    const built = await buildSite(site);
    expect(built.warnings.map((warning) => warning.message).join('\n')).not.toMatch(/docs folder/);
    expect(built.pages.filter((stored) => stored.version !== undefined)).toEqual([]);
  });

  it('leaves out the docs folder the site still has, as Docusaurus does', async () => {
    const built = await buildSite('tests/fixtures/docusaurus-docs-off');
    expect(built.pages.map((stored) => stored.route)).not.toContain('/docs/old-notes');
    expect(built.routeTargets.has('/docs/old-notes')).toBe(false);
  });
});
