// A blog's authors: `authors.yml` (or `.json`) in the blog folder, keyed, and authors written in a
// post's frontmatter (a key of that file, an object, or the older `author*` keys). An author of the
// file with `page: true` gets a page of their posts (`/blog/authors/<key>`).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BuildError } from '../errors.ts';
import { authorsMapSchema, type AuthorsMap, type BlogFrontmatter } from '../schemas/blog.ts';
import { normaliseRoute } from '../sources/discover.ts';
import type { BlogOptions } from './options.ts';
import { readYamlFile } from './yaml-file.ts';

export interface BlogAuthor {
  key?: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
  /** The author's page, when the blog gives them one. */
  page?: string;
}

/** The authors of `authors.yml` by key, ready to use. */
export type AuthorsOfBlog = Map<string, BlogAuthor>;

export function readAuthorsMap(siteDir: string, blog: BlogOptions): AuthorsOfBlog {
  const file = join(blog.dir, blog.authorsMapPath);
  const authors: AuthorsOfBlog = new Map();
  if (!existsSync(file)) return authors;
  const map: AuthorsMap = readYamlFile({
    siteDir,
    file,
    schema: authorsMapSchema,
    root: 'the authors file',
    shape: 'a mapping of author keys to { name, title, url, image_url }',
  });
  for (const [key, entry] of Object.entries(map)) {
    const page = entry.page;
    const permalink = typeof page === 'object' && page?.permalink ? page.permalink : page ? key : undefined;
    authors.set(key, {
      key,
      name: entry.name ?? key,
      ...(entry.title ? { title: entry.title } : {}),
      ...(entry.url ? { url: entry.url } : {}),
      ...(entry.image_url || entry.imageURL ? { imageUrl: entry.image_url ?? entry.imageURL } : {}),
      ...(permalink ? { page: normaliseRoute(`/${blog.routeBasePath}/${blog.authorsBasePath}/${permalink}`) } : {}),
    });
  }
  return authors;
}

/** A post's authors, in the order it names them; a key the file lacks stops the build. */
export function resolveAuthors(fm: BlogFrontmatter, map: AuthorsOfBlog, relPath: string): BlogAuthor[] {
  const entries = fm.authors === undefined ? [] : Array.isArray(fm.authors) ? fm.authors : [fm.authors];
  const authors = entries.map((entry): BlogAuthor => {
    const key = typeof entry === 'string' ? entry : entry.key;
    const known = key === undefined ? undefined : map.get(key);
    if (key !== undefined && !known) {
      throw new BuildError(
        relPath,
        undefined,
        `the author "${key}" is not in the blog's authors file`,
        `add "${key}" to authors.yml in the blog folder, or write the author in place: { name: "…" }`,
      );
    }
    if (typeof entry === 'string') return known!;
    const imageUrl = entry.image_url ?? entry.imageURL;
    return {
      ...known,
      name: entry.name ?? known?.name ?? '',
      ...(entry.title ? { title: entry.title } : {}),
      ...(entry.url ? { url: entry.url } : {}),
      ...(imageUrl ? { imageUrl } : {}),
    };
  });
  if (fm.author) {
    authors.push({
      name: fm.author,
      ...(fm.author_title ? { title: fm.author_title } : {}),
      ...(fm.author_url ? { url: fm.author_url } : {}),
      ...(fm.author_image_url ? { imageUrl: fm.author_image_url } : {}),
    });
  }
  return authors.filter((author) => author.name);
}
