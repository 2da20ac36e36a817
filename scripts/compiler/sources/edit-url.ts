// "Edit this page": the docs' and the blog's option `editUrl` (a base URL, or a function of the
// page) and the frontmatter `custom_edit_url` (a URL, or null for none), as Docusaurus computes them.

import { relative, sep } from 'node:path';

/** What Docusaurus passes an `editUrl` function. */
export interface EditUrlParams {
  version: string;
  /** The version's docs folder relative to the site folder, e.g. `docs` or `versioned_docs/version-1.0`. */
  versionDocsDirPath: string;
  /** The doc's path in that folder, e.g. `guides/setup.md`. */
  docPath: string;
  permalink: string;
  locale: string;
}

export type EditUrlOption = string | ((params: EditUrlParams) => unknown);

interface EditedDoc {
  docPath: string;
  route: string;
  /** Frontmatter `custom_edit_url`: null hides the link. */
  customEditUrl?: string | null;
}

/** The doc's edit link, or undefined when the site has none (or it is not an http(s) URL). */
export function docEditUrl(
  option: EditUrlOption | undefined,
  doc: EditedDoc,
  version: { name: string; docsDir: string },
  siteDir: string,
  locale: string,
): string | undefined {
  if (doc.customEditUrl !== undefined) return webUrl(doc.customEditUrl);
  if (typeof option === 'string') {
    return webUrl(joinUrl([option, posix(relative(siteDir, version.docsDir)), doc.docPath]));
  }
  if (typeof option === 'function') {
    const params: EditUrlParams = {
      version: version.name,
      versionDocsDirPath: posix(relative(siteDir, version.docsDir)),
      docPath: doc.docPath,
      permalink: doc.route,
      locale,
    };
    return webUrl(option(params));
  }
  return undefined;
}

/** What Docusaurus passes a blog's `editUrl` function. */
export interface BlogEditUrlParams {
  /** The blog folder relative to the site folder, e.g. `blog`. */
  blogDirPath: string;
  /** The post's path in that folder, e.g. `2024-01-02-hello.md`. */
  blogPath: string;
  permalink: string;
  locale: string;
}

export type BlogEditUrlOption = string | ((params: BlogEditUrlParams) => unknown);

/** A blog post's edit link, as `docEditUrl` for a doc. */
export function blogEditUrl(
  option: BlogEditUrlOption | undefined,
  post: EditedDoc,
  blogDir: string,
  siteDir: string,
  locale: string,
): string | undefined {
  if (post.customEditUrl !== undefined) return webUrl(post.customEditUrl);
  const blogDirPath = posix(relative(siteDir, blogDir));
  if (typeof option === 'string') return webUrl(joinUrl([option, blogDirPath, post.docPath]));
  if (typeof option === 'function') {
    return webUrl(option({ blogDirPath, blogPath: post.docPath, permalink: post.route, locale }));
  }
  return undefined;
}

/** Joins URL parts with one slash between them, as Docusaurus's normalizeUrl does. */
function joinUrl(parts: string[]): string {
  return parts
    .filter((part) => part !== '')
    .map((part, index) => (index === 0 ? part.replace(/\/+$/, '') : part.replace(/^\/+|\/+$/g, '')))
    .join('/');
}

function posix(path: string): string {
  return path.split(sep).join('/');
}

/** Only http(s) links are written into pages: anything else (a stand-in, `javascript:`) is dropped. */
function webUrl(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : undefined;
}
