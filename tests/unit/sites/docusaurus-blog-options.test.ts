// The blog's options as Docusaurus reads them: drafts in development builds only, `editUrl` (a base
// URL or a function), `include`/`exclude`, `sortPosts`, `feedOptions.limit`, `blogSidebarCount: 0`.

import { describe, expect, it } from 'vitest';
import type { PageData } from '../../../client/contract/page.ts';
import { kvKeys } from '../../../client/contract/storage.ts';
import { buildSite, devBuildSite, writeSite, type BuiltSite } from '../support/sites.ts';
import { findAll, text } from '../support/tree.ts';

const fixture = 'tests/fixtures/docusaurus-blog';

const site = (blog: string, posts: Record<string, string>) =>
  writeSite({
    'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: false }, blog: ${blog} }]] };`,
    'docs/intro.md': 'Intro.\n',
    ...posts,
  });
const pageAt = (built: BuiltSite, route: string): PageData => {
  const found = built.pages.find((page) => page.route === route);
  if (!found) throw new Error(`no page at ${route}`);
  return found;
};
const editLinks = (page: PageData) =>
  findAll(page.tree, (element) => element.p?.className === 'theme-edit-this-page').map((a) => a.p!.href);
const listed = (page: PageData) =>
  findAll(page.tree, (element) => element.p?.className === 'blog-post-title').map((title) => text(title));
const threePosts = {
  'blog/2024-01-01-first.md': 'First words.\n',
  'blog/2024-02-01-second.md': 'Second words.\n',
  'blog/2024-03-01-third.md': 'Third words.\n',
};

describe('blog drafts', () => {
  it('shows a draft in a development build, with the draft banner, in the lists and the feeds', async () => {
    const built = await devBuildSite(fixture);
    const draft = pageAt(built, '/blog/2024/04/01/draft');
    expect(text(draft.tree)).toContain('This draft is never published.');
    expect(text(draft.tree)).toContain('This page is a draft.');
    expect(listed(pageAt(built, '/blog'))[0]).toBe('Not ready yet');
    const rss = built.entry(kvKeys.feed(built.manifest.feeds!['/blog/rss.xml']!.hash))!;
    expect(rss).toContain('Not ready yet');
  });

  it('leaves it out of a production build', async () => {
    const built = await buildSite(fixture);
    expect(built.pages.some((page) => page.route.includes('draft'))).toBe(false);
    expect(JSON.stringify(built.pages)).not.toContain('This page is a draft.');
  });
});

describe('blog options', () => {
  it('links each post to its source with editUrl as a base URL, and custom_edit_url overrides it', async () => {
    const built = await buildSite(
      await site(`{ editUrl: 'https://github.com/org/repo/edit/main/website/' }`, {
        'blog/2024-01-01-first.md': 'First.\n',
        'blog/2024-02-01-second/index.md': '---\ncustom_edit_url: https://example.test/own\n---\n\nSecond.\n',
      }),
    );
    expect(editLinks(pageAt(built, '/blog/2024/01/01/first'))).toEqual([
      'https://github.com/org/repo/edit/main/website/blog/2024-01-01-first.md',
    ]);
    expect(pageAt(built, '/blog/2024/01/01/first').editUrl).toBe(
      'https://github.com/org/repo/edit/main/website/blog/2024-01-01-first.md',
    );
    expect(editLinks(pageAt(built, '/blog/2024/02/01/second'))).toEqual(['https://example.test/own']);
    // The lists link to the posts, not to their sources.
    expect(editLinks(pageAt(built, '/blog'))).toEqual([]);
  });

  it('calls editUrl when it is a function, with the blog folder, the post’s path and its permalink', async () => {
    const built = await buildSite(
      await site(
        '{ editUrl: ({ blogDirPath, blogPath, permalink, locale }) => `https://edit.test/${locale}/${blogDirPath}/${blogPath}?from=${permalink}` }',
        { 'blog/2024-01-01-first.md': 'First.\n' },
      ),
    );
    expect(editLinks(pageAt(built, '/blog/2024/01/01/first'))).toEqual([
      'https://edit.test/en/blog/2024-01-01-first.md?from=/blog/2024/01/01/first',
    ]);
  });

  it('takes the posts include matches and exclude does not', async () => {
    const built = await buildSite(
      await site(`{ include: ['**/*.md'], exclude: ['**/*-old.md'] }`, {
        'blog/2024-01-01-kept.md': 'Kept.\n',
        'blog/2024-01-02-mdx.mdx': 'Not included.\n',
        'blog/2024-01-03-gone-old.md': 'Excluded.\n',
      }),
    );
    const posts = built.pages.filter((page) => page.blog?.kind === 'post').map((page) => page.route);
    expect(posts).toEqual(['/blog/2024/01/01/kept']);
  });

  it('lists oldest first with sortPosts: ascending', async () => {
    const built = await buildSite(await site(`{ sortPosts: 'ascending' }`, threePosts));
    expect(listed(pageAt(built, '/blog'))).toEqual(['first', 'second', 'third']);
  });

  it('puts feedOptions.limit posts in the feeds, the newest', async () => {
    const built = await buildSite(await site(`{ feedOptions: { type: 'rss', limit: 2 } }`, threePosts));
    const rss = built.entry(kvKeys.feed(built.manifest.feeds!['/blog/rss.xml']!.hash))!;
    expect([rss.includes('Third words'), rss.includes('Second words'), rss.includes('First words')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('gives no blog sidebar with blogSidebarCount: 0', async () => {
    const built = await buildSite(await site('{ blogSidebarCount: 0 }', threePosts));
    expect(pageAt(built, '/blog').blog?.sidebar).toBeUndefined();
    expect(pageAt(built, '/blog/2024/01/01/first').blog?.sidebar).toBeUndefined();
  });
});
