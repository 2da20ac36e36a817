// The blogs a Docusaurus config asks for: the classic preset's `blog` (unless `blog: false`) and
// each `@docusaurus/plugin-content-blog` instance, with Docusaurus's defaults.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { classicPreset } from '../config/presets.ts';
import type { BlogEditUrlOption } from '../sources/edit-url.ts';

export type FeedType = 'rss' | 'atom' | 'json';

export interface BlogOptions {
  id: string;
  /** The blog folder, absolute. */
  dir: string;
  /** As the config writes it, for messages. */
  path: string;
  routeBasePath: string;
  tagsBasePath: string;
  archiveBasePath: string | null;
  authorsBasePath: string;
  pageBasePath: string;
  postsPerPage: number | 'ALL';
  blogTitle: string;
  blogDescription: string;
  blogSidebarCount: number | 'ALL';
  blogSidebarTitle: string;
  showReadingTime: boolean;
  authorsMapPath: string;
  tags: string | false | null;
  feedTypes: FeedType[];
  /** `feedOptions.limit`: the newest posts a feed holds; undefined for all of them. */
  feedLimit?: number;
  feedTitle?: string;
  feedDescription?: string;
  feedCopyright?: string;
  /** Globs of post files, relative to the blog folder: the posts are those `include` matches and `exclude` does not. */
  include: string[];
  exclude: string[];
  /** Newest first, as Docusaurus's default, or oldest first. */
  sortPosts: 'descending' | 'ascending';
  /** "Edit this page" under each post: a base URL, or a function of the post. */
  editUrl?: BlogEditUrlOption;
}

/** Docusaurus's defaults for the blog's `include` and `exclude`. */
const defaultInclude = ['**/*.{md,mdx}'];
const defaultExclude = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];

type Options = Record<string, unknown>;

/** Every blog the config has, in order; a preset blog whose folder is missing is left out, as Docusaurus does. */
export function blogInstances(config: unknown, siteDir: string): BlogOptions[] {
  const raw = isObject(config) ? config : {};
  const blogs: BlogOptions[] = [];
  // The classic preset, or a preset that wraps it (config/presets.ts).
  const preset = classicPreset(raw.presets, siteDir);
  if (preset && preset.options.blog !== false) {
    const { blog: given } = preset.options;
    const blog = withDefaults(isObject(given) ? given : {}, siteDir);
    if (existsSync(blog.dir)) blogs.push(blog);
  }
  for (const plugin of asArray(raw.plugins)) {
    const [name, options] = nameAndOptions(plugin);
    if (!/content-blog/.test(name)) continue;
    const blog = withDefaults(options, siteDir);
    if (existsSync(blog.dir)) blogs.push(blog);
  }
  return blogs;
}

function withDefaults(options: Options, siteDir: string): BlogOptions {
  const text = (key: string, fallback: string) => (typeof options[key] === 'string' ? options[key] : fallback);
  // `blogSidebarCount: 0` hides the sidebar; `postsPerPage` is at least 1.
  const count = (key: string, fallback: number, least: number) =>
    options[key] === 'ALL'
      ? 'ALL'
      : typeof options[key] === 'number' && options[key] >= least
        ? Math.floor(options[key])
        : fallback;
  const globs = (key: string, fallback: string[]) => {
    const value = options[key];
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : fallback;
  };
  const path = text('path', 'blog');
  const feed = isObject(options.feedOptions) ? options.feedOptions : {};
  const title = text('blogTitle', 'Blog');
  return {
    id: text('id', 'default'),
    dir: resolve(siteDir, path),
    path,
    routeBasePath: text('routeBasePath', 'blog'),
    tagsBasePath: text('tagsBasePath', 'tags'),
    archiveBasePath: options.archiveBasePath === null ? null : text('archiveBasePath', 'archive'),
    authorsBasePath: text('authorsBasePath', 'authors'),
    pageBasePath: text('pageBasePath', 'page'),
    postsPerPage: count('postsPerPage', 10, 1),
    blogTitle: title,
    blogDescription: text('blogDescription', 'Blog'),
    blogSidebarCount: count('blogSidebarCount', 5, 0),
    blogSidebarTitle: text('blogSidebarTitle', 'Recent posts'),
    showReadingTime: options.showReadingTime !== false,
    authorsMapPath: text('authorsMapPath', 'authors.yml'),
    tags: options.tags === false || options.tags === null ? options.tags : text('tags', 'tags.yml'),
    feedTypes: feedTypes(feed.type),
    ...feedLimit(feed.limit),
    ...(typeof feed.title === 'string' ? { feedTitle: feed.title } : {}),
    ...(typeof feed.description === 'string' ? { feedDescription: feed.description } : {}),
    ...(typeof feed.copyright === 'string' ? { feedCopyright: feed.copyright } : {}),
    include: globs('include', defaultInclude),
    exclude: globs('exclude', defaultExclude),
    sortPosts: options.sortPosts === 'ascending' ? 'ascending' : 'descending',
    ...(typeof options.editUrl === 'string' || typeof options.editUrl === 'function'
      ? { editUrl: options.editUrl as BlogEditUrlOption }
      : {}),
  };
}

/** `feedOptions.limit`: Docusaurus's default is 20; `false` or `null` puts every post in. */
function feedLimit(limit: unknown): { feedLimit?: number } {
  if (limit === false || limit === null) return {};
  return { feedLimit: typeof limit === 'number' && limit > 0 ? Math.floor(limit) : 20 };
}

/** `feedOptions.type`: one type, a list, 'all', or null for none; Docusaurus's default is RSS and Atom. */
function feedTypes(type: unknown): FeedType[] {
  if (type === null) return [];
  if (type === 'all') return ['rss', 'atom', 'json'];
  const types = (Array.isArray(type) ? type : type === undefined ? ['rss', 'atom'] : [type]).filter(
    (name): name is FeedType => name === 'rss' || name === 'atom' || name === 'json',
  );
  return [...new Set(types)];
}

function nameAndOptions(entry: unknown): [string, Options] {
  const [plugin, options] = Array.isArray(entry) ? entry : [entry, {}];
  return [typeof plugin === 'string' ? plugin : '', isObject(options) ? options : {}];
}

function isObject(value: unknown): value is Options {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
