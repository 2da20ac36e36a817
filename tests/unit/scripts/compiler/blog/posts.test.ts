// A blog's posts as Docusaurus reads them: routes and dates from file and folder names, the
// frontmatter's slug and date, titles, drafts, and the truncate marker.

import { describe, expect, it } from 'vitest';
import { blogInstances } from '../../../../../scripts/compiler/blog/options.ts';
import { readPosts } from '../../../../../scripts/compiler/blog/posts.ts';
import { kebabCase, readTagsFile } from '../../../../../scripts/compiler/blog/tags.ts';
import { writeSite } from '../../../support/sites.ts';

async function postsOf(files: Record<string, string>) {
  const site = await writeSite(files);
  const [blog] = blogInstances({ presets: [['classic', {}]] }, site);
  return readPosts(site, blog!, new Map(), readTagsFile(site, blog!));
}

describe('readPosts', () => {
  it('takes routes and dates from dated files, folders and paths, newest first', async () => {
    const posts = await postsOf({
      'blog/2021-08-26-welcome.md': 'Hi.\n',
      'blog/2022-1-5-short/index.mdx': 'Hi.\n',
      'blog/2020/03/04/nested.md': 'Hi.\n',
      'blog/undated.md': '---\ndate: 2019-02-03T10:00:00Z\n---\n\nHi.\n',
      'blog/slugged.md': '---\nslug: elsewhere/here\ndate: 2018-01-01\n---\n\nHi.\n',
    });
    expect(posts.map((post) => [post.doc.route, post.date.toISOString().slice(0, 10)])).toEqual([
      ['/blog/2022/1/5/short', '2022-01-05'],
      ['/blog/2021/08/26/welcome', '2021-08-26'],
      ['/blog/2020/03/04/nested', '2020-03-04'],
      ['/blog/undated', '2019-02-03'],
      ['/blog/elsewhere/here', '2018-01-01'],
    ]);
  });

  it('titles a post by its frontmatter, then its # heading, then its file name', async () => {
    const posts = await postsOf({
      'blog/2024-01-03-a.md': '---\ntitle: From frontmatter\n---\n\n# Heading\n',
      'blog/2024-01-02-b.md': '# From the heading\n\nText.\n',
      'blog/2024-01-01-from-name.md': 'Text.\n',
    });
    expect(posts.map((post) => post.doc.title)).toEqual(['From frontmatter', 'From the heading', 'from-name']);
  });

  it('leaves drafts out and notes the truncate marker in either form', async () => {
    const posts = await postsOf({
      'blog/2024-01-03-draft.md': '---\ndraft: true\n---\n\nNot yet.\n',
      'blog/2024-01-02-md.md': 'Intro.\n\n<!-- truncate -->\n\nMore.\n',
      'blog/2024-01-01-mdx.mdx': 'Intro.\n\n{/* truncate */}\n\nMore.\n',
      'blog/2023-12-31-whole.md': 'All of it.\n',
    });
    expect(posts.map((post) => [post.doc.route, post.truncated])).toEqual([
      ['/blog/2024/01/02/md', true],
      ['/blog/2024/01/01/mdx', true],
      ['/blog/2023/12/31/whole', false],
    ]);
    expect(posts[0]!.readingMinutes).toBe(1);
  });

  it('stops with the file and the key on bad frontmatter', async () => {
    await expect(postsOf({ 'blog/2024-01-01-a.md': '---\ntags: release\n---\n\nText.\n' })).rejects.toThrow(
      /blog\/2024-01-01-a\.md:2.*tags/,
    );
  });
});

describe('kebabCase', () => {
  it('makes tag permalinks as lodash does', () => {
    expect(kebabCase('Getting Started')).toBe('getting-started');
    expect(kebabCase('releaseNotes')).toBe('release-notes');
    expect(kebabCase('C++ & Rust!')).toBe('c-rust');
  });
});
