// A blog's tags: labels from the posts' frontmatter, described by `tags.yml` in the blog folder when
// there is one (its keys are what posts write; label, permalink and description come from it).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tagsFileSchema, type BlogFrontmatter } from '../schemas/blog.ts';
import { normaliseRoute } from '../sources/discover.ts';
import type { BlogOptions } from './options.ts';
import { readYamlFile } from './yaml-file.ts';

export interface BlogTag {
  label: string;
  /** The tag's page. */
  route: string;
  description?: string;
}

export interface TagsOfBlog {
  /** `/blog/tags`: tag pages live below it. */
  base: string;
  /** The tags file's entries by key. */
  known: Map<string, { label?: string; permalink?: string; description?: string }>;
}

export function readTagsFile(siteDir: string, blog: BlogOptions): TagsOfBlog {
  const base = normaliseRoute(`/${blog.routeBasePath}/${blog.tagsBasePath}`);
  const known: TagsOfBlog['known'] = new Map();
  const file = blog.tags ? join(blog.dir, blog.tags) : undefined;
  if (!file || !existsSync(file)) return { base, known };
  const tags = readYamlFile({
    siteDir,
    file,
    schema: tagsFileSchema,
    root: 'the tags file',
    shape: 'a mapping of tag keys to { label, permalink, description }',
  });
  for (const [key, entry] of Object.entries(tags)) known.set(key, entry ?? {});
  return { base, known };
}

type TagEntry = NonNullable<BlogFrontmatter['tags']>[number];

export function resolveTags(entries: TagEntry[], tags: TagsOfBlog): BlogTag[] {
  const seen = new Set<string>();
  return entries.flatMap((entry) => {
    const described = typeof entry === 'string' ? tags.known.get(entry) : undefined;
    const label = typeof entry === 'string' ? (described?.label ?? entry) : entry.label;
    const permalink = typeof entry === 'string' ? (described?.permalink ?? `/${kebabCase(entry)}`) : entry.permalink;
    const route = normaliseRoute(`${tags.base}/${permalink}`);
    if (seen.has(route)) return [];
    seen.add(route);
    return [{ label, route, ...(described?.description ? { description: described.description } : {}) }];
  });
}

/** As lodash's kebabCase, which Docusaurus uses for tag permalinks: `Getting Started` → `getting-started`. */
export function kebabCase(text: string): string {
  return text
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
