// Step "sources" of a blog: every post under the blog folder (`YYYY-MM-DD-slug.md(x)` files and
// `YYYY-MM-DD-slug/index.md(x)` folders), its frontmatter, date, route, authors, tags, reading time
// and where its `<!-- truncate -->` / `{/* truncate */}` marker cuts it; newest first.

import { readFileSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import readingTime from 'reading-time';
import { parseWithFriendlyErrors } from '../schemas/friendly-errors.ts';
import { blogFrontmatterSchema, type BlogFrontmatter } from '../schemas/blog.ts';
import { frontmatterKeyLine } from '../schemas/source-lines.ts';
import {
  docBody,
  listDocFiles,
  normaliseRoute,
  parseDoc,
  parseFrontmatter,
  type SourceDoc,
} from '../sources/discover.ts';
import { blogEditUrl } from '../sources/edit-url.ts';
import { globMatcher } from '../sources/globs.ts';
import { resolveAuthors, type AuthorsOfBlog, type BlogAuthor } from './authors.ts';
import { resolveTags, type BlogTag, type TagsOfBlog } from './tags.ts';
import type { BlogOptions } from './options.ts';

export interface BlogPost {
  /** The post as a page to compile: its route, title, description; its truncate marker made findable. */
  doc: SourceDoc;
  date: Date;
  authors: BlogAuthor[];
  tags: BlogTag[];
  /** Whole minutes, at least 1; absent when the blog hides reading times. */
  readingMinutes?: number;
  /** The post has a truncate marker: lists show it up to there, with a "Read more" link. */
  truncated: boolean;
  /** Frontmatter `image`, for the feeds and the page's social card. */
  image?: string;
  /** "Edit this page": the blog's `editUrl`, or the post's `custom_edit_url`. */
  editUrl?: string;
  /** Frontmatter `draft`: only development builds have it. */
  draft?: true;
}

export interface ReadPostsOptions {
  /** Development builds (`npm start`) show drafts, as `docusaurus start` does; production builds leave them out. */
  includeDrafts?: boolean;
  locale?: string;
}

/**
 * Text the compiler keeps as it is, put where the truncate marker was, so the compiled tree shows
 * where the excerpt ends (compile-blog.ts cuts there and takes it out).
 */
export const truncateSentinel = 'SELFBLOGTRUNCATEMARKER';
const truncateMarker = /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/;
/** Docusaurus's: a date in the file or folder name, the rest of the name after it. */
const datedName = /^(?<folder>.*?)(?<date>\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(?<text>.*?)(?:\/index)?\.mdx?$/;

export async function readPosts(
  siteDir: string,
  blog: BlogOptions,
  authors: AuthorsOfBlog,
  tags: TagsOfBlog,
  { includeDrafts = false, locale = 'en' }: ReadPostsOptions = {},
): Promise<BlogPost[]> {
  const included = globMatcher(blog.include);
  const excluded = globMatcher(blog.exclude);
  const files = (await listDocFiles(blog.dir)).filter((file) => {
    const path = relative(blog.dir, file).split(sep).join('/');
    return included(path) && !excluded(path);
  });
  const posts: BlogPost[] = [];
  for (const file of files) {
    const post = readPost(siteDir, blog, file, authors, tags);
    post.editUrl = blogEditUrl(blog.editUrl, post.doc, blog.dir, siteDir, locale);
    if (!post.editUrl) delete post.editUrl;
    if (includeDrafts || !post.draft) posts.push(post);
  }
  const order = blog.sortPosts === 'ascending' ? -1 : 1;
  return posts.sort((a, b) => order * (b.date.getTime() - a.date.getTime()) || a.doc.route.localeCompare(b.doc.route));
}

function readPost(
  siteDir: string,
  blog: BlogOptions,
  file: string,
  authorsMap: AuthorsOfBlog,
  tagsFile: TagsOfBlog,
): BlogPost {
  const written = readFileSync(file, 'utf8');
  const raw = written.replace(truncateMarker, truncateSentinel);
  const doc = parseDoc(siteDir, blog.dir, file, raw, '/');
  const { data, text } = parseFrontmatter(raw, doc.relPath);
  const fm: BlogFrontmatter = parseWithFriendlyErrors(blogFrontmatterSchema, data, {
    file: doc.relPath,
    root: 'the frontmatter',
    lineOf: (path) => frontmatterKeyLine(text ?? '', path),
  });
  const path = relative(blog.dir, file).split(sep).join('/');
  const dated = datedName.exec(path)?.groups;
  const nameText = dated ? dated.text! : path.replace(/(\/index)?\.mdx?$/, '');
  const slug =
    typeof data.slug === 'string'
      ? data.slug
      : dated
        ? `${dated.folder}${dated.date!.replace(/-/g, '/')}/${dated.text}`
        : nameText;
  const route = normaliseRoute(`/${blog.routeBasePath}/${slug}`);
  const date = fm.date
    ? new Date(fm.date)
    : dated
      ? new Date(`${dateOnly(dated.date!)}T00:00:00Z`)
      : statSync(file).mtime;
  const title = typeof data.title === 'string' ? data.title : (doc.heading ?? (nameText.split('/').pop() || nameText));
  const body = docBody(doc).replace(truncateSentinel, '');
  const post: BlogPost = {
    doc: { ...doc, route, title, id: `blog/${blog.id}/${path}` },
    date,
    authors: resolveAuthors(fm, authorsMap, doc.relPath),
    tags: resolveTags(fm.tags ?? [], tagsFile),
    truncated: raw !== written,
    ...(fm.image ? { image: fm.image } : {}),
  };
  if (blog.showReadingTime) post.readingMinutes = Math.max(1, Math.ceil(readingTime(body).minutes));
  if (fm.draft === true) post.draft = true;
  return post;
}

/** `2024-5-1` → `2024-05-01`. */
function dateOnly(date: string): string {
  const [year, month, day] = date.split(/[-/]/);
  return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
}
