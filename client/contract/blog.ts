// What a blog page carries besides a doc page's data: which blog layout it takes and the blog
// sidebar's few links. Everything else a blog page shows (post headers, previews, pagination) is
// in its element tree, built once by the compiler (scripts/compiler/blog/).

/** The kinds of page a blog has; the worker and browser render them all with one layout. */
export type BlogPageKind = 'post' | 'list' | 'tags' | 'tag' | 'authors' | 'author' | 'archive';

export interface BlogPageInfo {
  kind: BlogPageKind;
  /** The blog sidebar: its title and the most recent posts, at most `blogSidebarCount`. */
  sidebar?: { title: string; items: BlogSidebarLink[] };
}

/** A feed of a blog, named in the manifest by its path (`/blog/rss.xml`): KV `feed:<hash>`. */
export interface FeedRef {
  hash: string;
  type: 'rss' | 'atom' | 'json';
}

export const feedContentTypes: Record<FeedRef['type'], string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** A post in the blog sidebar (the shape of page.ts's `PageLink`, which imports this file). */
export interface BlogSidebarLink {
  title: string;
  href: string;
}
