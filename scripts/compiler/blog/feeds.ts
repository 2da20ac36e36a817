// A blog's RSS, Atom and JSON feeds (the `feed` package, as Docusaurus uses it): the newest posts,
// each with its description and its content as HTML, rendered from its tree by the same renderer
// and components as the pages.

import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Feed } from 'feed';
import { feedContentTypes, type FeedRef } from '../../../client/contract/blog.ts';
import type { TreeNode } from '../../../client/contract/page.ts';
import type { HeadTag } from '../../../client/contract/site-config.ts';
import { pagePath } from '../../../client/contract/urls.ts';
import { contentComponents } from '../../../client/components/content/registry.ts';
import { renderTree } from '../../../client/render-tree.tsx';
import { normaliseRoute } from '../sources/discover.ts';
import type { BlogOptions, FeedType } from './options.ts';
import type { BlogPost } from './posts.ts';

const feedFiles: Record<FeedType, string> = { rss: 'rss.xml', atom: 'atom.xml', json: 'feed.json' };

export interface FeedText {
  path: string;
  type: FeedRef['type'];
  text: string;
  /** The feed's `<link rel="alternate">`, which every page's head carries, as Docusaurus's do. */
  link: HeadTag;
}

const feedNames: Record<FeedType, string> = { rss: 'RSS Feed', atom: 'Atom Feed', json: 'JSON Feed' };

export function blogFeeds(
  blog: BlogOptions,
  site: { title: string; url: string; favicon: string; trailingSlash?: boolean },
  posts: { post: BlogPost; tree: TreeNode[] }[],
): FeedText[] {
  if (blog.feedTypes.length === 0 || posts.length === 0) return [];
  const base = normaliseRoute(`/${blog.routeBasePath}`);
  const absolute = (path: string) => new URL(path, site.url).href;
  const pathOf = (type: FeedType) => normaliseRoute(`${base}/${feedFiles[type]}`);
  const title = blog.feedTitle ?? `${site.title} ${blog.blogTitle}`;
  const feed = new Feed({
    title,
    description: blog.feedDescription ?? `${site.title} ${blog.blogTitle}`,
    id: absolute(pagePath(base, site.trailingSlash)),
    link: absolute(pagePath(base, site.trailingSlash)),
    language: 'en',
    ...(site.favicon ? { favicon: absolute(site.favicon) } : {}),
    copyright: blog.feedCopyright ?? '',
    updated: posts[0]!.post.date,
    generator: 'SELF Docs',
    feedLinks: Object.fromEntries(blog.feedTypes.map((type) => [type, absolute(pathOf(type))])),
  });
  for (const { post, tree } of posts.slice(0, blog.feedLimit ?? posts.length)) {
    const link = absolute(pagePath(post.doc.route, site.trailingSlash));
    feed.addItem({
      title: post.doc.title,
      id: link,
      link,
      date: post.date,
      description: post.doc.description,
      content: contentHtml(tree),
      ...(post.image ? { image: absolute(post.image) } : {}),
      // An empty list breaks the package's JSON feed: a post without authors names none.
      ...(post.authors.length > 0
        ? { author: post.authors.map((author) => ({ name: author.name, ...(author.url ? { link: author.url } : {}) })) }
        : {}),
      category: post.tags.map((tag) => ({ name: tag.label })),
    });
  }
  const text = { rss: () => feed.rss2(), atom: () => feed.atom1(), json: () => feed.json1() };
  return blog.feedTypes.map((type) => ({
    path: pathOf(type),
    type,
    text: text[type](),
    link: {
      tagName: 'link',
      attributes: {
        rel: 'alternate',
        type: feedContentTypes[type].split(';')[0]!,
        href: pathOf(type),
        title: `${title} ${feedNames[type]}`,
      },
    },
  }));
}

/** A post's tree as HTML; a component that cannot render outside a page leaves the content out. */
function contentHtml(tree: TreeNode[]): string | undefined {
  try {
    return renderToStaticMarkup(createElement(Fragment, null, ...renderTree(tree, contentComponents)));
  } catch {
    return undefined;
  }
}
