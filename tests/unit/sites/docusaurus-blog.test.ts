// A Docusaurus site's blog, built: posts from dated files and folders at Docusaurus's routes, cut at
// either truncate marker in the lists, authors from authors.yml and in place, tags described by
// tags.yml, drafts left out, lists of `postsPerPage`, the archive, the feeds, and posts in search,
// the sitemap's pages and llms.txt; links between docs and posts checked like any link.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../../client/contract/page.ts';
import { kvKeys } from '../../../client/contract/storage.ts';
import { expectBuildFailure } from '../support/build-failure.ts';
import { buildSite, writeSite, type BuiltSite } from '../support/sites.ts';
import { byTag, findAll, text } from '../support/tree.ts';

const fixture = 'tests/fixtures/docusaurus-blog';

describe('the blog fixture site', () => {
  let result: BuiltSite;
  const pageAt = (route: string): PageData => {
    const found = result.pages.find((page) => page.route === route);
    if (!found) throw new Error(`no page at ${route}`);
    return found;
  };
  const listed = (route: string) =>
    findAll(pageAt(route).tree, (element) => element.p?.className === 'blog-post-title').map((title) => text(title));
  const links = (page: PageData) => findAll(page.tree, (element) => element.t === 'a').map((a) => a.p!.href);

  beforeAll(async () => {
    result = await buildSite(fixture);
  });

  it('serves every post at Docusaurus’s route, newest first in the lists, and no draft', () => {
    const routes = result.pages.map((page) => page.route);
    expect(routes).toEqual(
      expect.arrayContaining([
        '/blog/2024/01/10/hello',
        '/blog/2024/02/20/release',
        '/blog/2024/03/05/tips',
        '/blog/announcements/moved',
      ]),
    );
    expect(routes.some((route) => /draft/.test(route))).toBe(false);
    expect(JSON.stringify(result.pages)).not.toContain('Not ready yet');
    expect(listed('/blog')).toEqual(['tips', 'Version 2 is out']);
    expect(listed('/blog/page/2')).toEqual(['Hello, blog', 'A post with its own slug']);
  });

  it('gives a post its header: title, date from the file name, reading time, authors from authors.yml', () => {
    const post = pageAt('/blog/2024/02/20/release');
    expect(post.blog?.kind).toBe('post');
    expect(post.sidebar).toBeUndefined();
    expect(text(byTag(post.tree, 'h1'))).toBe('Version 2 is out');
    const time = byTag(post.tree, 'time')[0]!;
    expect(time.p?.dateTime).toBe('2024-02-20T00:00:00.000Z');
    expect(text(time)).toBe('February 20, 2024');
    expect(text(post.tree)).toContain('1 min read');
    expect(text(findAll(post.tree, (element) => element.p?.className === 'blog-author-name'))).toBe(
      'Ada LovelaceGrace Hopper',
    );
    expect(links(post)).toContain('/blog/authors/ada');
  });

  it('compiles posts like docs: admonitions, highlighted code, headings in the TOC', () => {
    const post = pageAt('/blog/2024/02/20/release');
    expect(findAll(post.tree, (element) => element.t === 'Admonition')).toHaveLength(1);
    expect(findAll(post.tree, (element) => element.t === 'pre')[0]!.p?.className).toBe('shiki');
    expect(post.toc).toEqual([{ id: 'whats-new', text: "What's new", level: 2 }]);
    expect(post.styles).toEqual(expect.arrayContaining(['blog', 'admonitions', 'code']));
  });

  it('cuts list previews at <!-- truncate --> and {/* truncate */}, with a Read more link', () => {
    const list = JSON.stringify(pageAt('/blog/page/2').tree);
    expect(list).toContain('The first post says hello.');
    expect(list).not.toContain('only on the post');
    expect(list).toContain('Read more about Hello, blog');
    const first = JSON.stringify(pageAt('/blog').tree);
    expect(first).toContain('Version 2 is here.');
    expect(first).not.toContain('Upgrade with one command');
    // No marker: the whole post, and no Read more.
    expect(first).toContain('Cache the compiled pages.');
    expect(first).not.toContain('Read more about tips');
    // The post's own page has all of it, and the marker leaves no trace.
    expect(JSON.stringify(pageAt('/blog/2024/01/10/hello').tree)).toContain('only on the post');
    expect(JSON.stringify(result.pages)).not.toContain('SELFBLOGTRUNCATE');
  });

  it('paginates the lists with labelled navigation', () => {
    const nav = byTag(pageAt('/blog').tree, 'nav')[0]!;
    expect(nav.p?.['aria-label']).toBe('Blog list page navigation');
    expect(links(pageAt('/blog'))).toContain('/blog/page/2');
    expect(links(pageAt('/blog/page/2'))).toContain('/blog');
  });

  it('makes tag pages from tags.yml and inline tags, and a tags index', () => {
    expect(links(pageAt('/blog/tags'))).toEqual(['/blog/tags/community', '/blog/tags/releases', '/blog/tags/tips']);
    const releases = pageAt('/blog/tags/releases');
    expect(releases.title).toBe('1 post tagged with "Releases"');
    expect(text(releases.tree)).toContain('Posts about new versions');
    expect(pageAt('/blog/tags/tips').title).toBe('2 posts tagged with "Tips"');
  });

  it('gives authors with `page: true` a page, and inline authors none', () => {
    expect(links(pageAt('/blog/authors'))).toContain('/blog/authors/ada');
    const ada = pageAt('/blog/authors/ada');
    expect(byTag(ada.tree, 'article')).toHaveLength(2);
    expect(result.pages.some((page) => page.route.startsWith('/blog/authors/grace'))).toBe(false);
    expect(text(pageAt('/blog/2024/01/10/hello').tree)).toContain('Inline Writer');
  });

  it('lists every post by year in the archive', () => {
    const archive = pageAt('/blog/archive');
    expect(byTag(archive.tree, 'h2').map((heading) => text(heading))).toEqual(['2024', '2023']);
    expect(links(archive)).toHaveLength(4);
  });

  it('gives every blog page a sidebar of the blogSidebarCount newest posts, titled as configured', () => {
    for (const route of ['/blog', '/blog/2024/01/10/hello', '/blog/tags/tips', '/blog/archive']) {
      expect(pageAt(route).blog?.sidebar).toEqual({
        title: 'Latest posts',
        items: [
          { title: 'tips', href: '/blog/2024/03/05/tips' },
          { title: 'Version 2 is out', href: '/blog/2024/02/20/release' },
          { title: 'Hello, blog', href: '/blog/2024/01/10/hello' },
        ],
      });
    }
  });

  it('writes RSS, Atom and JSON feeds of the posts', () => {
    const feeds = result.manifest.feeds!;
    expect(Object.keys(feeds).sort()).toEqual(['/blog/atom.xml', '/blog/feed.json', '/blog/rss.xml']);
    const rss = result.entry(kvKeys.feed(feeds['/blog/rss.xml']!.hash))!;
    expect(rss).toContain('<link>https://blog.example.test/blog/2024/02/20/release</link>');
    expect(rss).toContain('Copyright © Fixture');
    const json = JSON.parse(result.entry(kvKeys.feed(feeds['/blog/feed.json']!.hash))!) as {
      items: { url: string; content_html: string }[];
    };
    expect(json.items.map((item) => item.url)).toEqual([
      'https://blog.example.test/blog/2024/03/05/tips',
      'https://blog.example.test/blog/2024/02/20/release',
      'https://blog.example.test/blog/2024/01/10/hello',
      'https://blog.example.test/blog/announcements/moved',
    ]);
    expect(json.items[1]!.content_html).toContain('Upgrade with one command');
    expect(result.entry(kvKeys.feed(feeds['/blog/atom.xml']!.hash))).toContain(
      '<feed xmlns="http://www.w3.org/2005/Atom">',
    );
  });

  it('puts posts in search, llms.txt and the Markdown views, and resolves docs’ links to posts', () => {
    expect(result.records.some((record) => record.url.endsWith('/blog/2024/02/20/release'))).toBe(true);
    // The lists repeat the posts: search offers the posts only.
    expect(
      result.records.filter((record) =>
        /\/blog(\/(page|tags|archive|authors)\b.*)?$/.test(new URL(record.url).pathname),
      ),
    ).toEqual([]);
    expect(result.records.find((record) => record.url.endsWith('/blog/2024/02/20/release'))!.hierarchy.lvl0).toBe(
      'Fixture blog',
    );
    const llms = result.manifest.llms.map((hash) => JSON.parse(result.entry(kvKeys.llms(hash))!) as { text: string });
    expect(llms.map((part) => part.text).join('')).toContain(
      '## Blog\n\n- [tips](https://blog.example.test/blog/2024/03/05/tips): Three tips for faster builds',
    );
    const target = result.routeTargets.get('/blog/2024/02/20/release') as { markdown: string };
    const markdown = result.entry(kvKeys.markdown(target.markdown))!;
    expect(markdown).toMatch(/^# Version 2 is out\n\nFebruary 20, 2024 · 1 min read\n\n- .*\[Ada Lovelace\]/);
    expect(markdown).toContain('Upgrade with one command');
    expect(markdown).not.toContain('Older post');
    expect(links(pageAt('/docs/intro'))).toEqual(['/blog/2024/02/20/release#whats-new', '/blog/2024/03/05/tips']);
  });

  it('no longer warns that the blog is not served', () => {
    expect(result.warnings.map((warning) => warning.problem)).toEqual([]);
  });
});

describe('a blog with problems', () => {
  const config = (blog: string) =>
    `module.exports = { title: 'T', url: 'https://x.test', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: false }, blog: ${blog} }]] };`;

  it('stops on a doc link to a post that does not exist, as on any broken link, and on that one only', async () => {
    const site = await writeSite({
      'docusaurus.config.js': config('{}'),
      'docs/intro.md': 'See [the post](/blog/2024/01/01/missing) and [the real one](/blog/2024/01/02/real).\n',
      'blog/2024-01-02-real.md': 'A real post.\n',
    });
    const failure = await expectBuildFailure(site);
    expect(failure.onlyError().message).toMatch(/docs\/intro\.md.*\/blog\/2024\/01\/01\/missing/s);
  });

  it('checks links to a post’s #fragments like any other', async () => {
    const site = await writeSite({
      'docusaurus.config.js': config('{}'),
      'docs/intro.md': 'See [a part](/blog/2024/01/02/real#part) and [no part](/blog/2024/01/02/real#nothing).\n',
      'blog/2024-01-02-real.md': 'A real post.\n\n## Part\n\nText.\n',
    });
    const built = await buildSite(site);
    expect(built.warnings.map((warning) => `${warning.file}: ${warning.problem}`)).toEqual([
      'docs/intro.md: broken anchor: /blog/2024/01/02/real#nothing (the page /blog/2024/01/02/real has no heading or element with the id "nothing")',
    ]);
  });

  it('cuts a preview at a marker inside a list where the source is cut, as Docusaurus does', async () => {
    const site = await writeSite({
      'docusaurus.config.js': config('{}'),
      'docs/intro.md': 'Intro.\n',
      'blog/2024-01-02-list.mdx': 'Changes:\n\n- first\n- second\n{/* truncate */}\n- third\n',
    });
    const built = await buildSite(site);
    const list = JSON.stringify(built.pages.find((page) => page.route === '/blog')!.tree);
    expect(list).toContain('second');
    expect(list).not.toContain('third');
    const post = JSON.stringify(built.pages.find((page) => page.route === '/blog/2024/01/02/list')!.tree);
    expect(post).toContain('third');
    expect(post).not.toContain('SELFBLOGTRUNCATE');
  });

  it('serves an unlisted post at its URL only: no list, sidebar, feed, search or sitemap', async () => {
    const site = await writeSite({
      'docusaurus.config.js': config('{}'),
      'docs/intro.md': 'Intro.\n',
      'blog/2024-01-03-hidden.md': '---\nunlisted: true\ntags: [secret]\n---\n\nHidden words.\n',
      'blog/2024-01-02-shown.md': 'Shown words.\n',
    });
    const built = await buildSite(site);
    const hidden = built.pages.find((page) => page.route === '/blog/2024/01/03/hidden')!;
    expect(hidden.unlisted).toBe(true);
    expect(JSON.stringify(built.pages.filter((page) => page !== hidden))).not.toContain('Hidden words');
    expect(built.pages.some((page) => page.route === '/blog/tags/secret')).toBe(false);
    expect(built.records.some((record) => record.url.includes('hidden'))).toBe(false);
    const rss = built.entry(kvKeys.feed(built.manifest.feeds!['/blog/rss.xml']!.hash))!;
    expect(rss).toContain('Shown words');
    expect(rss).not.toContain('Hidden words');
  });

  it('names the post and the fix when it names an author authors.yml lacks', async () => {
    const site = await writeSite({
      'docusaurus.config.js': config('{}'),
      'docs/intro.md': 'Intro.\n',
      'blog/authors.yml': 'ada:\n  name: Ada\n',
      'blog/2024-01-02-real.md': '---\nauthors: [bob]\n---\n\nA post.\n',
    });
    const failure = await expectBuildFailure(site);
    expect(failure.onlyError().message).toMatch(/blog\/2024-01-02-real\.md.*"bob".*authors\.yml/s);
  });

  it('names the file and what it should hold when authors.yml or tags.yml is not valid YAML or not a mapping', async () => {
    const broken = async (file: string, text: string) => {
      const site = await writeSite({
        'docusaurus.config.js': config('{}'),
        'docs/intro.md': 'Intro.\n',
        [`blog/${file}`]: text,
        'blog/2024-01-02-real.md': 'A post.\n',
      });
      return (await expectBuildFailure(site)).onlyError().message;
    };
    expect(await broken('authors.yml', 'ada: [unclosed\n')).toMatch(/blog\/authors\.yml.*bad YAML.*author keys/s);
    expect(await broken('tags.yml', 'news: [unclosed\n')).toMatch(/blog\/tags\.yml.*bad YAML.*tag keys/s);
    expect(await broken('authors.yml', 'ada:\n  name: 42\n')).toMatch(/blog\/authors\.yml:2/);
  });

  it('has no blog when the preset says blog: false', async () => {
    const site = await writeSite({
      'docusaurus.config.js': config('false'),
      'docs/intro.md': 'Intro.\n',
      'blog/2024-01-02-real.md': 'A post.\n',
    });
    const built = await buildSite(site);
    expect(built.pages.some((page) => page.route.startsWith('/blog'))).toBe(false);
    expect(built.manifest.feeds).toBeUndefined();
    expect(readFileSync(`${site}/blog/2024-01-02-real.md`, 'utf8')).toContain('A post.');
  });
});
