// The custom pages of `src/pages/`, as Docusaurus's pages plugin finds them: every `.md`, `.mdx`,
// `.js`, `.jsx`, `.ts` and `.tsx` file is a route (`about.md` → `/about`, `team/index.mdx` →
// `/team`), except what its default `exclude` leaves out: names and folders starting with `_`,
// tests (`*.test.js`, `__tests__/`) and type declarations.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { BuildError, BuildErrors } from '../errors.ts';
import { parseWithFriendlyErrors } from '../schemas/friendly-errors.ts';
import { pageFrontmatterSchema } from '../schemas/page-frontmatter.ts';
import { frontmatterKeyLine } from '../schemas/source-lines.ts';
import { normaliseRoute, parseFrontmatter, type SourceDoc } from '../sources/discover.ts';

/**
 * A custom page, in the shape the page compiler takes (SourceDoc). A React page is compiled as a
 * one-line MDX page (`file`, which does not exist on disk) that renders the module's default
 * export, so it goes through the site components' machinery as one island.
 */
export interface CustomPageSource {
  kind: 'markdown' | 'react';
  doc: SourceDoc;
  /** The page's own file, absolute (for a React page, the module). */
  module: string;
  /** Front matter `wrapperClassName`. */
  wrapperClassName?: string;
}

const pageFile = /\.(mdx?|jsx?|tsx?)$/;
const markdownFile = /\.mdx?$/;
/** Docusaurus's default `exclude` of the pages plugin. */
const excluded = (path: string) =>
  path.split('/').some((part) => part.startsWith('_') || part === '__tests__') ||
  /\.(test|spec)\.[jt]sx?$/.test(path) ||
  /\.d\.ts$/.test(path);

/** A stored custom page written in Markdown or MDX (not a React page), by its summary. */
export function isMarkdownCustomPage(page: { layout?: string }): boolean {
  return page.layout === 'page';
}

/** `src/pages/`'s folder, where Docusaurus looks for it. */
export function pagesDirOf(siteDir: string): string {
  return join(siteDir, 'src', 'pages');
}

/** The site-relative paths of the page files and their routes, in path order. */
export function listCustomPages(pagesDir: string): { path: string; route: string }[] {
  if (!existsSync(pagesDir)) return [];
  const pages: { path: string; route: string }[] = [];
  for (const entry of readdirSync(pagesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !pageFile.test(entry.name)) continue;
    const path = relative(pagesDir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (excluded(path)) continue;
    pages.push({ path, route: normaliseRoute(path.replace(pageFile, '').replace(/(^|\/)index$/, '')) });
  }
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}

/** Every custom page of the site, read; front matter problems stop the build, all at once. */
export function discoverCustomPages(siteDir: string): CustomPageSource[] {
  const pagesDir = pagesDirOf(siteDir);
  const errors: BuildError[] = [];
  const pages: CustomPageSource[] = [];
  for (const { path, route } of listCustomPages(pagesDir)) {
    const file = join(pagesDir, path);
    const relPath = relative(siteDir, file).split(sep).join('/');
    try {
      pages.push(markdownFile.test(path) ? markdownPage(file, relPath, route) : reactPage(file, relPath, route));
    } catch (error) {
      if (error instanceof BuildErrors) errors.push(...error.errors);
      else if (error instanceof BuildError) errors.push(error);
      else throw error;
    }
  }
  if (errors.length > 0) throw errors.length === 1 ? errors[0]! : new BuildErrors(errors);
  return pages;
}

function markdownPage(file: string, relPath: string, route: string): CustomPageSource {
  const raw = readFileSync(file, 'utf8');
  const { data, text, lines } = parseFrontmatter(raw, relPath);
  const fm = parseWithFriendlyErrors(pageFrontmatterSchema, data, {
    file: relPath,
    root: 'the front matter',
    lineOf: (path) => frontmatterKeyLine(text ?? '', path),
  });
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(raw.split('\n').slice(lines).join('\n'))?.[1];
  const doc = sourceDoc(file, relPath, route, raw, lines, fm.title ?? heading ?? '', fm.description ?? '');
  doc.hideTableOfContents = fm.hide_table_of_contents === true;
  if (fm.unlisted) doc.unlisted = true;
  return {
    kind: 'markdown',
    doc,
    module: file,
    ...(fm.wrapperClassName ? { wrapperClassName: fm.wrapperClassName } : {}),
  };
}

function reactPage(file: string, relPath: string, route: string): CustomPageSource {
  // Rendered as the page's body: its `<Layout>` gives the title and description (layout-props.ts).
  const raw = `import Page from ${JSON.stringify(`./${file.split(sep).at(-1)}`)};\n\n<Page />\n`;
  return { kind: 'react', doc: sourceDoc(`${file}.page.mdx`, relPath, route, raw, 0, '', ''), module: file };
}

/** The page as a source the compiler takes: `raw` its MDX, its id its path without the extension. */
export function sourceDoc(
  file: string,
  relPath: string,
  route: string,
  raw: string,
  frontmatterLines: number,
  title: string,
  description: string,
): SourceDoc {
  const id = relPath.replace(pageFile, '');
  return {
    id,
    file,
    relPath,
    docPath: id,
    dir: '',
    route,
    title,
    description,
    keywords: [],
    hideTitle: false,
    hideTableOfContents: false,
    unlisted: false,
    raw,
    frontmatterLines,
  };
}
