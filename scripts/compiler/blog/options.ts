// The blogs a Docusaurus config asks for: the classic preset's `blog` (unless `blog: false`) and
// each `@docusaurus/plugin-content-blog` instance, with Docusaurus's defaults.

import { classicPreset } from '../config/presets.ts';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

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
  feedTitle?: string;
  feedDescription?: string;
  feedCopyright?: string;
}

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
  const count = (key: string, fallback: number) =>
    options[key] === 'ALL' ? 'ALL' : typeof options[key] === 'number' && options[key] > 0 ? options[key] : fallback;
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
    postsPerPage: count('postsPerPage', 10),
    blogTitle: title,
    blogDescription: text('blogDescription', 'Blog'),
    blogSidebarCount: count('blogSidebarCount', 5),
    blogSidebarTitle: text('blogSidebarTitle', 'Recent posts'),
    showReadingTime: options.showReadingTime !== false,
    authorsMapPath: text('authorsMapPath', 'authors.yml'),
    tags: options.tags === false || options.tags === null ? options.tags : text('tags', 'tags.yml'),
    feedTypes: feedTypes(feed.type),
    ...(typeof feed.title === 'string' ? { feedTitle: feed.title } : {}),
    ...(typeof feed.description === 'string' ? { feedDescription: feed.description } : {}),
    ...(typeof feed.copyright === 'string' ? { feedCopyright: feed.copyright } : {}),
  };
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
