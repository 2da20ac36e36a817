// Step "sources" for the blogs: each blog of the config with its posts, and every route the blog
// will answer at (posts, lists, tags, authors, archive), known before any page compiles so links
// between docs and posts are checked like any link.

import { BuildError } from '../errors.ts';
import { readAuthorsMap } from './authors.ts';
import { blogListPages } from './list-pages.ts';
import { blogInstances, type BlogOptions } from './options.ts';
import { readPosts, type BlogPost } from './posts.ts';
import { readTagsFile } from './tags.ts';

export interface BlogSource {
  options: BlogOptions;
  /** Published posts (drafts only in development), in the blog's order (`sortPosts`); unlisted ones included. */
  posts: BlogPost[];
  /** Every route of this blog, posts first, in the order the build stores them. */
  routes: string[];
}

export async function readBlogs(
  siteDir: string,
  docusaurusConfig: unknown,
  { development = false }: { development?: boolean } = {},
): Promise<BlogSource[]> {
  const blogs: BlogSource[] = [];
  for (const options of blogInstances(docusaurusConfig, siteDir)) {
    const posts = await readPosts(siteDir, options, readAuthorsMap(siteDir, options), readTagsFile(siteDir, options), {
      includeDrafts: development,
    });
    const listed = posts.filter((post) => !post.doc.unlisted).map((post) => ({ post, excerpt: [] }));
    const lists = blogListPages(options, listed, undefined).map((page) => page.route);
    blogs.push({ options, posts, routes: [...posts.map((post) => post.doc.route), ...lists] });
  }
  return blogs;
}

/** Adds every blog route to the site's routes and each post file's route; a route taken twice stops the build. */
export function addBlogRoutes(blogs: BlogSource[], routes: Set<string>, routeOfFile: Map<string, string>): void {
  for (const blog of blogs) {
    const files = new Map(blog.posts.map((post) => [post.doc.route, post.doc.relPath]));
    for (const route of blog.routes) {
      if (routes.has(route)) {
        throw new BuildError(
          files.get(route) ?? blog.options.path,
          undefined,
          `the blog page ${route} has the route of another page`,
          files.has(route)
            ? 'give the post a `slug` of its own in its frontmatter'
            : "change the blog's routeBasePath, or the slug of the page that takes this route",
        );
      }
      routes.add(route);
    }
    for (const post of blog.posts) routeOfFile.set(post.doc.file, post.doc.route);
  }
}

/** Pages the blogs will store: the page store reserves their places. */
export function blogPageCount(blogs: BlogSource[]): number {
  return blogs.reduce((sum, blog) => sum + blog.routes.length, 0);
}
