// A Docusaurus site's blog, served (tests/fixtures/docusaurus-blog), as `npm start -- --content`
// serves it: the paginated lists, the posts with the blog sidebar instead of the docs sidebar, tag
// pages, the archive, and the feeds with their content types; the navbar leads to the blog.

import { beforeEach, describe, expect, it } from 'vitest';
import { deployFixture } from '../support/deploy.ts';
import { attributesOf, countElements, textOf, textsOf } from '../support/html.ts';
import { get } from '../support/requests.ts';

describe('a site with a blog', () => {
  beforeEach(async () => {
    await deployFixture({ fixture: 'docusaurus-blog' });
  });

  it('serves the first list page at /blog: previews, the blog sidebar, no docs sidebar', async () => {
    const response = await get('/blog');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(await textsOf(html, 'main article .blog-post-title')).toEqual(['tips', 'Version 2 is out']);
    expect(await textOf(html, 'nav.blog-sidebar .blog-sidebar-title')).toBe('Latest posts');
    expect(await attributesOf(html, 'nav.blog-sidebar a', 'href')).toEqual([
      '/blog/2024/03/05/tips',
      '/blog/2024/02/20/release',
      '/blog/2024/01/10/hello',
    ]);
    expect(await countElements(html, 'aside.doc-sidebar')).toBe(0);
    expect(await attributesOf(html, 'nav[aria-label="Blog list page navigation"] a', 'href')).toEqual(['/blog/page/2']);
    expect(await textOf(html, 'title')).toBe('Fixture blog | Blog Fixture');
  });

  it('serves the second list page and a post with its header and the current post marked', async () => {
    const second = await (await get('/blog/page/2')).text();
    expect(await textsOf(second, 'main article .blog-post-title')).toEqual(['Hello, blog', 'A post with its own slug']);

    const response = await get('/blog/2024/02/20/release');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(await textOf(html, 'main article.blog-post h1')).toBe('Version 2 is out');
    expect(await attributesOf(html, 'main article.blog-post time', 'datetime')).toEqual(['2024-02-20T00:00:00.000Z']);
    expect(await attributesOf(html, 'nav.blog-sidebar a[aria-current="page"]', 'href')).toEqual([
      '/blog/2024/02/20/release',
    ]);
    expect(await textOf(html, 'main .admonition')).toContain('Upgrade with one command.');
  });

  it('serves tag pages, the tags index and the archive', async () => {
    const tag = await get('/blog/tags/releases');
    expect(tag.status).toBe(200);
    expect(await textOf(await tag.text(), 'main h1')).toBe('1 post tagged with "Releases"');
    expect(await attributesOf(await (await get('/blog/tags')).text(), 'main a.blog-tag', 'href')).toEqual([
      '/blog/tags/community',
      '/blog/tags/releases',
      '/blog/tags/tips',
    ]);
    expect((await get('/blog/archive')).status).toBe(200);
    expect((await get('/blog/2024/04/01/draft')).status).toBe(404);
  });

  it('serves the feeds with their content types', async () => {
    const rss = await get('/blog/rss.xml');
    expect(rss.status).toBe(200);
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(await rss.text()).toContain('<title><![CDATA[Version 2 is out]]></title>');
    const atom = await get('/blog/atom.xml');
    expect(atom.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const json = await get('/blog/feed.json');
    expect(json.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const feed = (await json.json()) as { items: { url: string }[] };
    expect(feed.items).toHaveLength(4);
    const again = await get('/blog/rss.xml', { headers: { 'if-none-match': rss.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await get('/blog/other.xml')).status).toBe(404);
  });

  it('serves a post’s Markdown view and leads to the blog from the navbar', async () => {
    const markdown = await get('/blog/2024/02/20/release.md');
    expect(markdown.status).toBe(200);
    expect(await markdown.text()).toContain('Upgrade with one command.');
    const html = await (await get('/docs/intro')).text();
    expect(await attributesOf(html, 'nav.navbar a[href="/blog"]', 'href')).toEqual(['/blog']);
    // Every page names the feeds, as Docusaurus's do.
    expect(await attributesOf(html, 'head link[rel="alternate"]', 'href')).toEqual([
      '/blog/rss.xml',
      '/blog/atom.xml',
      '/blog/feed.json',
    ]);
  });
});
