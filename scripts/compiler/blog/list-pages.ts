// The blog's generated pages, as element trees: the paginated post lists (`/blog`, `/blog/page/2`),
// the tags page and a list per tag, the authors page and a list per author with a page, and the
// archive. Each list page holds at most `postsPerPage` previews.

import type { BlogPageInfo } from '../../../client/contract/blog.ts';
import type { PageData, TreeElement, TreeNode } from '../../../client/contract/page.ts';
import { normaliseRoute } from '../sources/discover.ts';
import type { BlogAuthor } from './authors.ts';
import type { BlogOptions } from './options.ts';
import { authorCard, formatDate, pagination, postPreview } from './post-trees.ts';
import type { BlogPost } from './posts.ts';

/** A listed post and its text up to the truncate marker. */
export interface ListedPost {
  post: BlogPost;
  excerpt: TreeNode[];
}

const el = (t: string, p: Record<string, unknown> | undefined, ...c: TreeNode[]): TreeElement =>
  p ? { t, p, ...(c.length > 0 ? { c } : {}) } : { t, ...(c.length > 0 ? { c } : {}) };

export function blogListPages(blog: BlogOptions, posts: ListedPost[], sidebar: BlogPageInfo['sidebar']): PageData[] {
  const base = normaliseRoute(`/${blog.routeBasePath}`);
  const page = (route: string, title: string, description: string, kind: BlogPageInfo['kind'], tree: TreeNode[]) =>
    blogPage(blog.path, { route, title, description, kind, tree, sidebar });
  const pages = paginated(blog, base, posts, (route, tree) =>
    page(route, blog.blogTitle, blog.blogDescription, 'list', [
      el('h1', { className: 'visually-hidden' }, blog.blogTitle),
      ...tree,
    ]),
  );

  const byTag = new Map<string, { label: string; description?: string; posts: ListedPost[] }>();
  for (const listed of posts) {
    for (const tag of listed.post.tags) {
      const entry = byTag.get(tag.route) ?? {
        label: tag.label,
        ...(tag.description ? { description: tag.description } : {}),
        posts: [],
      };
      entry.posts.push(listed);
      byTag.set(tag.route, entry);
    }
  }
  if (byTag.size > 0) {
    const tagsRoute = normaliseRoute(`/${blog.routeBasePath}/${blog.tagsBasePath}`);
    const tags = [...byTag].sort(([, a], [, b]) => a.label.localeCompare(b.label));
    pages.push(
      page(tagsRoute, 'Tags', `The tags of ${blog.blogTitle}`, 'tags', [
        el('h1', undefined, 'Tags'),
        el(
          'ul',
          { className: 'blog-tag-list blog-tags-index' },
          ...tags.map(([route, tag]) =>
            el(
              'li',
              undefined,
              el(
                'a',
                { className: 'blog-tag', href: route },
                tag.label,
                ' ',
                el('span', { className: 'blog-tag-count' }, `(${tag.posts.length})`),
              ),
            ),
          ),
        ),
      ]),
    );
    for (const [route, tag] of tags) {
      const title = `${tag.posts.length} ${tag.posts.length === 1 ? 'post' : 'posts'} tagged with "${tag.label}"`;
      const intro: TreeNode[] = [el('h1', undefined, title)];
      if (tag.description) intro.push(el('p', undefined, tag.description));
      intro.push(el('p', undefined, el('a', { href: tagsRoute }, 'View all tags')));
      pages.push(
        ...paginated(blog, route, tag.posts, (at, tree) =>
          page(at, title, tag.description ?? title, 'tag', [...intro, ...tree]),
        ),
      );
    }
  }

  const byAuthor = new Map<string, { author: BlogAuthor; posts: ListedPost[] }>();
  for (const listed of posts) {
    for (const author of listed.post.authors) {
      if (!author.page) continue;
      const entry = byAuthor.get(author.page) ?? { author, posts: [] };
      entry.posts.push(listed);
      byAuthor.set(author.page, entry);
    }
  }
  if (byAuthor.size > 0) {
    const authorsRoute = normaliseRoute(`/${blog.routeBasePath}/${blog.authorsBasePath}`);
    const authors = [...byAuthor.values()];
    pages.push(
      page(authorsRoute, 'Authors', `The authors of ${blog.blogTitle}`, 'authors', [
        el('h1', undefined, 'Authors'),
        el(
          'ul',
          { className: 'blog-authors blog-authors-index' },
          ...authors.map(({ author, posts: written }) =>
            el(
              'li',
              { className: 'blog-author' },
              ...authorCard(author),
              ' ',
              el(
                'span',
                { className: 'blog-tag-count' },
                `(${written.length} ${written.length === 1 ? 'post' : 'posts'})`,
              ),
            ),
          ),
        ),
      ]),
    );
    for (const { author, posts: written } of authors) {
      const intro = [
        el('h1', undefined, author.name),
        el('div', { className: 'blog-author-intro' }, ...authorCard({ ...author, page: undefined } as BlogAuthor)),
        el('h2', undefined, 'Posts'),
      ];
      pages.push(
        ...paginated(blog, author.page!, written, (at, tree) =>
          page(at, author.name, author.title ?? `Posts by ${author.name}`, 'author', [...intro, ...tree]),
        ),
      );
    }
  }

  if (blog.archiveBasePath !== null) {
    const years = new Map<number, BlogPost[]>();
    for (const { post } of posts) {
      const year = post.date.getUTCFullYear();
      years.set(year, [...(years.get(year) ?? []), post]);
    }
    const tree: TreeNode[] = [el('h1', undefined, 'Archive')];
    for (const [year, written] of years) {
      tree.push(
        el(
          'section',
          { className: 'blog-archive-year', 'aria-label': String(year) },
          el('h2', undefined, String(year)),
          el(
            'ul',
            undefined,
            ...written.map((post) =>
              el(
                'li',
                undefined,
                el('time', { dateTime: post.date.toISOString() }, formatDate(post.date)),
                ' – ',
                el('a', { href: post.doc.route }, post.doc.title),
              ),
            ),
          ),
        ),
      );
    }
    pages.push(
      page(normaliseRoute(`/${blog.routeBasePath}/${blog.archiveBasePath}`), 'Archive', 'Archive', 'archive', tree),
    );
  }
  return pages;
}

/** `route`, `route/page/2`…: `postsPerPage` previews each, with links to the newer and older page. */
function paginated(
  blog: BlogOptions,
  route: string,
  posts: ListedPost[],
  make: (route: string, tree: TreeNode[]) => PageData,
): PageData[] {
  const size = blog.postsPerPage === 'ALL' ? Math.max(1, posts.length) : blog.postsPerPage;
  const count = Math.max(1, Math.ceil(posts.length / size));
  const routeOf = (index: number) =>
    index === 0 ? route : normaliseRoute(`${route}/${blog.pageBasePath}/${index + 1}`);
  return Array.from({ length: count }, (_, index) => {
    const previews = posts
      .slice(index * size, (index + 1) * size)
      .map(({ post, excerpt }) => postPreview(post, excerpt));
    const newer = index > 0 ? { title: 'Newer entries', href: routeOf(index - 1) } : undefined;
    const older = index < count - 1 ? { title: 'Older entries', href: routeOf(index + 1) } : undefined;
    return make(routeOf(index), [...previews, ...pagination('Blog list page navigation', newer, older)]);
  });
}

/** A page of the blog: its own layout, its title in its tree, no docs sidebar. */
export function blogPage(
  source: string,
  page: {
    route: string;
    title: string;
    description: string;
    kind: BlogPageInfo['kind'];
    tree: TreeNode[];
    sidebar: BlogPageInfo['sidebar'];
  },
): PageData {
  return {
    route: page.route,
    title: page.title,
    description: page.description,
    keywords: [],
    hideTitle: true,
    hideTableOfContents: true,
    className: 'blog-page',
    tree: page.tree,
    toc: [],
    breadcrumbs: [],
    source,
    blog: { kind: page.kind, ...(page.sidebar ? { sidebar: page.sidebar } : {}) },
  };
}
