// Which blogs a Docusaurus config has, with Docusaurus's defaults.

import { describe, expect, it } from 'vitest';
import { blogInstances } from '../../../../../scripts/compiler/blog/options.ts';
import { writeSite } from '../../../support/sites.ts';

describe('blogInstances', () => {
  it('reads the classic preset’s blog with Docusaurus’s defaults when its folder exists', async () => {
    const site = await writeSite({ 'blog/2024-01-01-a.md': 'A.\n' });
    const [blog] = blogInstances({ presets: [['classic', {}]] }, site);
    expect(blog).toMatchObject({
      id: 'default',
      routeBasePath: 'blog',
      postsPerPage: 10,
      blogSidebarCount: 5,
      blogSidebarTitle: 'Recent posts',
      feedTypes: ['rss', 'atom'],
      showReadingTime: true,
    });
    expect(blogInstances({ presets: [['classic', { blog: false }]] }, site)).toEqual([]);
    expect(blogInstances({ presets: [['classic', {}]] }, await writeSite({ 'docs/a.md': 'A.\n' }))).toEqual([]);
  });

  it('reads plugin instances and their options, feed types included', async () => {
    const site = await writeSite({ 'news/2024-01-01-a.md': 'A.\n' });
    const config = {
      presets: [['@docusaurus/preset-classic', { blog: false }]],
      plugins: [
        [
          '@docusaurus/plugin-content-blog',
          {
            id: 'news',
            path: 'news',
            routeBasePath: 'news',
            postsPerPage: 'ALL',
            blogSidebarCount: 'ALL',
            feedOptions: { type: ['json', 'rss', 'rss', 'unknown'] },
          },
        ],
      ],
    };
    expect(blogInstances(config, site)).toEqual([
      expect.objectContaining({
        id: 'news',
        routeBasePath: 'news',
        postsPerPage: 'ALL',
        blogSidebarCount: 'ALL',
        feedTypes: ['json', 'rss'],
      }),
    ]);
    const none = { plugins: [['@docusaurus/plugin-content-blog', { path: 'news', feedOptions: { type: null } }]] };
    expect(blogInstances(none, site)[0]!.feedTypes).toEqual([]);
    const all = { plugins: [['@docusaurus/plugin-content-blog', { path: 'news', feedOptions: { type: 'all' } }]] };
    expect(blogInstances(all, site)[0]!.feedTypes).toEqual(['rss', 'atom', 'json']);
  });
});
