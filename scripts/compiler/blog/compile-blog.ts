// Step "compile and store pages" for the blogs: each post compiled through the same MDX pipeline as
// the docs (same components, highlighting, admonitions), cut at its truncate marker for the lists,
// and stored with the blog layout; then the list, tag, author and archive pages, and the feeds.

import type { BlogPageInfo, FeedRef } from '../../../client/contract/blog.ts';
import type { PageData, TreeNode } from '../../../client/contract/page.ts';
import { kvKeys } from '../../../client/contract/storage.ts';
import type { HeadTag, SiteConfig } from '../../../client/contract/site-config.ts';
import { compileDocs, type CompileOptions } from '../compile/compile-pages.ts';
import type { LinkContext } from '../compile/link-context.ts';
import type { CompileThreadPool } from '../compile/threads.ts';
import { throwIfErrors } from '../errors.ts';
import type { KvWriter } from '../outputs/kv-writer.ts';
import type { PageStore } from '../outputs/page-store.ts';
import { blogFeeds } from './feeds.ts';
import { blogListPages, blogPage, type ListedPost } from './list-pages.ts';
import { pagination, postHeader, postTags } from './post-trees.ts';
import { compileExcerpts, cutAtMarker, withoutTitle } from './excerpts.ts';
import type { BlogPost } from './posts.ts';
import type { BlogSource } from './read-blogs.ts';

export interface CompileBlogsInput {
  blogs: BlogSource[];
  /** The docs' link context: the blog's pages link and are linked to the same way. */
  context: LinkContext;
  store: PageStore;
  kv: KvWriter;
  site: SiteConfig;
  /** The first place in the build the blogs' pages take (after every docs page). */
  offset: number;
  pool?: CompileThreadPool;
  /** The dev server: a post that fails to build is stored as a broken page (CompileOptions.onBroken). */
  onBroken?: CompileOptions['onBroken'];
  /** Hears the files each batch of posts references (CompileOptions.onMedia). */
  onMedia?: CompileOptions['onMedia'];
}

export interface CompiledBlogs {
  /** The feeds by path, for the manifest. */
  feeds: Record<string, FeedRef>;
  /** Their `<link rel="alternate">` tags, for every page's head. */
  feedLinks: HeadTag[];
}

/** Compiles and stores every blog and its feeds. */
export async function compileBlogs(input: CompileBlogsInput): Promise<CompiledBlogs> {
  const feeds: Record<string, FeedRef> = {};
  const feedLinks: HeadTag[] = [];
  let offset = input.offset;
  for (const blog of input.blogs) {
    const { options, posts } = blog;
    const trees = new Array<{ tree: TreeNode[]; excerpt?: TreeNode[]; toc: PageData['toc'] }>(posts.length);
    const context: LinkContext = { ...input.context, docsDir: options.dir };
    await compileDocs(
      posts.map((post) => post.doc),
      context,
      (entry, index) => {
        const { full, excerpt } = cutAtMarker(withoutTitle(entry.tree));
        trees[index] = { tree: full, excerpt, toc: entry.toc };
      },
      {
        pool: input.pool,
        ...(input.onBroken ? { onBroken: input.onBroken } : {}),
        ...(input.onMedia ? { onMedia: input.onMedia } : {}),
      },
    );
    throwIfErrors(context.diagnostics);
    // A marker inside a block (a list item, say) cuts the source, not the tree, as Docusaurus does.
    const uncut = posts.flatMap((post, index) => (trees[index] && !trees[index].excerpt ? [index] : []));
    const excerpts = await compileExcerpts(
      uncut.map((index) => posts[index]!),
      context,
      input.pool,
    );
    for (const [at, index] of uncut.entries()) trees[index]!.excerpt = excerpts[at] ?? trees[index]!.tree;
    const listed = posts.flatMap((post, index) => (trees[index] && !post.doc.unlisted ? [{ post, index }] : []));
    const sidebar = blogSidebar(
      options.blogSidebarTitle,
      options.blogSidebarCount,
      listed.map(({ post }) => post),
    );
    for (const [index, post] of posts.entries()) {
      const compiled = trees[index];
      if (!compiled) continue;
      const at = listed.findIndex((entry) => entry.index === index);
      const newer = at > 0 ? listed[at - 1]!.post : undefined;
      const older = at >= 0 ? listed[at + 1]?.post : undefined;
      await input.store.store(postPage(post, compiled, sidebar, newer, older), offset + index);
    }
    offset += posts.length;
    const previews: ListedPost[] = listed.map(({ post, index }) => ({ post, excerpt: trees[index]!.excerpt! }));
    for (const page of blogListPages(options, previews, sidebar)) await input.store.store(page, offset++);
    const feedPosts = listed.map(({ post, index }) => ({ post, tree: trees[index]!.tree }));
    for (const feed of blogFeeds(options, input.site, feedPosts)) {
      feeds[feed.path] = { hash: await input.kv.putContent(kvKeys.feed, feed.text), type: feed.type };
      feedLinks.push(feed.link);
    }
  }
  return { feeds, feedLinks };
}

function postPage(
  post: BlogPost,
  compiled: { tree: TreeNode[]; toc: PageData['toc'] },
  sidebar: BlogPageInfo['sidebar'],
  newer: BlogPost | undefined,
  older: BlogPost | undefined,
): PageData {
  const { doc } = post;
  const link = (to: BlogPost | undefined) => to && { title: to.doc.title, href: to.doc.route };
  const tree: TreeNode[] = [
    ...postHeader(post, 'h1'),
    ...(post.draft ? [draftBanner] : []),
    { t: 'div', p: { className: 'blog-post-content' }, c: compiled.tree },
    ...footer(post),
    ...pagination('Blog post page navigation', link(newer), link(older)),
  ];
  const page: PageData = {
    ...blogPage(doc.relPath, {
      route: doc.route,
      title: doc.title,
      description: doc.description,
      kind: 'post',
      tree,
      sidebar,
    }),
    keywords: doc.keywords,
    hideTableOfContents: doc.hideTableOfContents,
    toc: compiled.toc,
    source: doc.relPath,
    lastModified: post.date.toISOString(),
  };
  if (doc.unlisted) page.unlisted = true;
  if (post.editUrl) page.editUrl = post.editUrl;
  return page;
}

/** Docusaurus's banner on a draft, which only a development build shows. */
const draftBanner: TreeNode = {
  t: 'Admonition',
  p: { type: 'caution', title: 'Draft page', className: 'theme-draft-banner' },
  c: [
    {
      t: 'p',
      c: ['This page is a draft. It will only be visible in dev and be excluded from the production build.'],
    },
  ],
};

/** The post's tags and its "Edit this page" link, as Docusaurus's post footer has them. */
function footer(post: BlogPost): TreeNode[] {
  const parts = postTags(post);
  if (post.editUrl) {
    const edit = {
      className: 'theme-edit-this-page',
      href: post.editUrl,
      target: '_blank',
      rel: 'noopener noreferrer',
    };
    parts.push({ t: 'a', p: edit, c: ['Edit this page'] });
  }
  return parts.length > 0 ? [{ t: 'footer', p: { className: 'blog-post-footer' }, c: parts }] : [];
}

/** The most recent posts, at most `count`: what every blog page's sidebar lists. */
function blogSidebar(title: string, count: number | 'ALL', posts: BlogPost[]): BlogPageInfo['sidebar'] {
  // `blogSidebarCount: 0` hides it.
  const items = (count === 'ALL' ? posts : posts.slice(0, count)).map((post) => ({
    title: post.doc.title,
    href: post.doc.route,
  }));
  return items.length > 0 ? { title, items } : undefined;
}
