// The parts of blog pages built as element trees (client/contract/page.ts): a post's header (title,
// date, reading time, authors), its tags, a post's preview in a list, and the pagination links.
// Built once here, so the worker and the browser render them like any page content.

import type { PageLink, TreeElement, TreeNode } from '../../../client/contract/page.ts';
import type { BlogAuthor } from './authors.ts';
import type { BlogPost } from './posts.ts';

const el = (t: string, p: Record<string, unknown> | undefined, ...c: TreeNode[]): TreeElement =>
  p ? { t, p, ...(c.length > 0 ? { c } : {}) } : { t, ...(c.length > 0 ? { c } : {}) };

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

/**
 * Title, date, reading time and authors. On the post's own page the title is the page's first node,
 * the h1 (so its Markdown view starts with it), and the page is the article (BlogPage); in a list
 * the title is a link in the preview's header.
 */
export function postHeader(post: BlogPost, level: 'h1' | 'h2'): TreeElement[] {
  const { doc } = post;
  const meta: TreeNode[] = [el('time', { dateTime: post.date.toISOString() }, formatDate(post.date))];
  if (post.readingMinutes !== undefined) meta.push(' · ', `${post.readingMinutes} min read`);
  const header: TreeNode[] = [el('div', { className: 'blog-post-meta' }, ...meta)];
  if (post.authors.length > 0) header.push(authorList(post.authors));
  if (level === 'h1') {
    return [
      el('h1', { className: 'blog-post-title' }, doc.title),
      el('header', { className: 'blog-post-header' }, ...header),
    ];
  }
  const title = el('h2', { className: 'blog-post-title' }, el('a', { href: doc.route }, doc.title));
  return [el('header', { className: 'blog-post-header' }, title, ...header)];
}

export function authorList(authors: BlogAuthor[]): TreeElement {
  return el(
    'ul',
    { className: 'blog-authors', 'aria-label': 'Authors' },
    ...authors.map((author) => el('li', { className: 'blog-author' }, ...authorCard(author))),
  );
}

export function authorCard(author: BlogAuthor): TreeNode[] {
  const link = author.page ?? author.url;
  const parts: TreeNode[] = [];
  if (author.imageUrl)
    parts.push(
      el('img', {
        className: 'blog-author-image',
        src: author.imageUrl,
        alt: '',
        loading: 'lazy',
        width: 40,
        height: 40,
      }),
    );
  const name = link
    ? el('a', { className: 'blog-author-name', href: link }, author.name)
    : el('span', { className: 'blog-author-name' }, author.name);
  const about: TreeNode[] = [name];
  if (author.title) about.push(el('span', { className: 'blog-author-title' }, author.title));
  parts.push(el('span', { className: 'blog-author-about' }, ...about));
  return parts;
}

/** The post's tags, as links to their pages; nothing when it has none. */
export function postTags(post: BlogPost): TreeNode[] {
  if (post.tags.length === 0) return [];
  return [
    el(
      'div',
      { className: 'blog-post-tags' },
      el('b', undefined, 'Tags:'),
      ' ',
      el(
        'ul',
        { className: 'blog-tag-list' },
        ...post.tags.map((tag) =>
          el('li', undefined, el('a', { className: 'blog-tag', href: tag.route, rel: 'tag' }, tag.label)),
        ),
      ),
    ),
  ];
}

/** A post in a list: its header, its text up to the truncate marker, its tags and "Read more". */
export function postPreview(post: BlogPost, excerpt: TreeNode[]): TreeElement {
  const footer: TreeNode[] = [...postTags(post)];
  if (post.truncated) {
    footer.push(
      el(
        'a',
        { className: 'blog-read-more', href: post.doc.route, 'aria-label': `Read more about ${post.doc.title}` },
        'Read more',
      ),
    );
  }
  return el(
    'article',
    { className: 'blog-post-preview' },
    ...postHeader(post, 'h2'),
    el('div', { className: 'blog-post-content' }, ...excerpt),
    ...(footer.length > 0 ? [el('footer', { className: 'blog-post-footer' }, ...footer)] : []),
  );
}

/** Links to the newer and older neighbour (a post, or a list page). */
export function pagination(label: string, newer: PageLink | undefined, older: PageLink | undefined): TreeNode[] {
  if (!newer && !older) return [];
  const link = (to: PageLink, rel: 'prev' | 'next', sublabel: string) =>
    el(
      'a',
      { className: `pagination-link pagination-${rel}`, href: to.href, rel },
      // A list page's link is named by where it goes; a post's by the post's title.
      ...(to.title === sublabel ? [] : [el('span', { className: 'pagination-sublabel' }, sublabel)]),
      el('span', { className: 'pagination-label' }, rel === 'prev' ? `« ${to.title}` : `${to.title} »`),
    );
  return [
    el(
      'nav',
      { className: 'pagination-nav blog-pagination', 'aria-label': label },
      newer ? link(newer, 'prev', label.includes('post') ? 'Newer post' : 'Newer entries') : el('span', undefined),
      ...(older ? [link(older, 'next', label.includes('post') ? 'Older post' : 'Older entries')] : []),
    ),
  ];
}
