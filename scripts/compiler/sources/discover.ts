// Find every doc under the docs folder (`docs/`, or Docusaurus's `docs.path`, which may lie outside
// the site folder), read its frontmatter and decide its id, route and title.

import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { BuildError, BuildErrors } from '../errors.ts';
import { parseWithFriendlyErrors } from '../schemas/friendly-errors.ts';
import { frontmatterSchema } from '../schemas/frontmatter.ts';
import { frontmatterKeyLine } from '../schemas/source-lines.ts';
import { simpleFrontmatter } from './simple-frontmatter.ts';

export interface SourceDoc {
  /** Docusaurus doc id: path without extension, or the folder plus frontmatter `id`. */
  id: string;
  /** Absolute path of the file. */
  file: string;
  /** Path relative to the site folder, for messages (`../docs/intro.md` when the docs lie beside it). */
  relPath: string;
  /** Path relative to the docs folder, always with '/'. */
  docPath: string;
  /** Folder of the file relative to `docs/`, '' at the root, always with '/'. */
  dir: string;
  route: string;
  title: string;
  /** The first `# heading`, when the page has one. */
  heading?: string;
  sidebarLabel?: string;
  sidebarPosition?: number;
  description: string;
  keywords: string[];
  hideTitle: boolean;
  hideTableOfContents: boolean;
  className?: string;
  unlisted: boolean;
  /** Frontmatter `draft`: built by development builds only, as `docusaurus start` shows drafts. */
  draft?: true;
  /** Frontmatter `custom_edit_url`, when set: a URL, or null for no edit link. */
  customEditUrl?: string | null;
  /** The source as written; empty once the page is compiled (compile-pages.ts `releaseSources`). */
  raw: string;
  /**
   * Lines the frontmatter block takes (0 without one). The compiler blanks them (docBody) rather
   * than discovery keeping a second copy of every page, to hold and send to the compile threads.
   */
  frontmatterLines: number;
}

const docExtension = /\.mdx?$/;

/**
 * Every doc with its metadata. A doc whose frontmatter is bad fails discovery, unless
 * `brokenDocs` is given (the dev server): the doc is then kept as if it had no frontmatter, so
 * its route and sidebar place stay, and its problems are set in `brokenDocs` under its file.
 */
export async function discoverDocs(
  siteDir: string,
  routeBasePath = '/',
  docsDir = join(siteDir, 'docs'),
  brokenDocs?: Map<string, BuildError[]>,
  /** The doc files, when the caller has listed them already (listDocFiles). */
  listed?: string[],
): Promise<SourceDoc[]> {
  const files = listed ?? (await listDocFiles(docsDir));
  const readDoc = (file: string) => {
    const raw = readFileSync(file, 'utf8');
    try {
      return parseDoc(siteDir, docsDir, file, raw, routeBasePath);
    } catch (error) {
      if (!brokenDocs) throw error;
      brokenDocs.set(file, problemsOf(error));
      return parseDoc(siteDir, docsDir, file, withoutFrontmatter(raw), routeBasePath);
    }
  };
  // Read one after another, synchronously: from the page cache that costs a fraction of what a
  // promise-based read does (open, stat, read, close as four thread-pool round trips), nothing else
  // runs meanwhile, and only one file is open at a time, whatever the number of pages.
  const results = files.map((file): PromiseSettledResult<SourceDoc> => {
    try {
      return { status: 'fulfilled', value: readDoc(file) };
    } catch (reason) {
      return { status: 'rejected', reason };
    }
  });
  // Every page's frontmatter problems at once, so an author fixes them in one pass.
  const errors = results
    .flatMap((result) => (result.status === 'rejected' ? problemsOf(result.reason) : []))
    .sort((a, b) => a.file.localeCompare(b.file));
  if (errors.length > 0) throw errors.length === 1 ? errors[0]! : new BuildErrors(errors);
  const docs = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  return docs.sort((a, b) => a.relPath.localeCompare(b.relPath));
}

/** The source with its frontmatter block blanked, line numbers unchanged. */
function withoutFrontmatter(raw: string): string {
  return raw.replace(frontmatterBlock, (block) => block.replace(/[^\n]/g, ''));
}

function problemsOf(error: unknown): BuildError[] {
  if (error instanceof BuildErrors) return error.errors;
  if (error instanceof BuildError) return [error];
  throw error;
}

/** Every doc file under `dir`, in the order of its folders. */
export async function listDocFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    throw new BuildError(
      dir,
      undefined,
      'the docs folder does not exist',
      'create it and put your .md/.mdx pages in it',
    );
  }
  const found: string[] = [];
  for (const entry of entries) {
    // Docusaurus ignores files and folders whose name starts with '_' (partials, category files).
    if (entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await listDocFiles(path)));
    else if (docExtension.test(entry.name)) found.push(path);
  }
  return found;
}

const frontmatterBlock = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

interface Frontmatter {
  data: Record<string, unknown>;
  text?: string;
  /** Number of lines the frontmatter block takes, fences included. */
  lines: number;
}

export function parseFrontmatter(source: string, relPath: string): Frontmatter {
  const match = frontmatterBlock.exec(source);
  if (!match) return { data: {}, text: '', lines: 0 };
  const lines = match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0);
  const simple = simpleFrontmatter(match[1]!);
  if (simple) return { data: simple, text: match[1]!, lines };
  const lineCounter = new LineCounter();
  const document = parseDocument(match[1]!, { prettyErrors: false, lineCounter });
  const [error] = document.errors;
  if (error) {
    const line = lineCounter.linePos(error.pos[0]).line + 1;
    throw new BuildError(
      relPath,
      line,
      `bad frontmatter: ${error.message.split('\n')[0]}`,
      'write valid YAML between the two --- lines (quote values that contain ": " or start with a special character)',
    );
  }
  const data: unknown = document.toJS() ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new BuildError(
      relPath,
      2,
      'bad frontmatter: it must be a YAML mapping of key: value',
      'write lines such as `title: My page`',
    );
  }
  return {
    data: data as Record<string, unknown>,
    text: match[1]!,
    lines,
  };
}

/** Docusaurus strips ordering prefixes such as `01-` from file and folder names in routes and ids. */
export function numberPrefix(name: string): number | undefined {
  const m = /^(\d+)[-_.\s]+(?=\D)/.exec(name);
  return m ? Number(m[1]) : undefined;
}

function stripNumberPrefix(name: string): string {
  return name.replace(/^\d+[-_.\s]+(?=\D)/, '');
}

/** `routeBasePath` prefixes every route, slugs included, as in Docusaurus. */
export function parseDoc(siteDir: string, docsDir: string, file: string, raw: string, routeBasePath = '/'): SourceDoc {
  const relPath = relative(siteDir, file).split(sep).join('/');
  const docPath = relative(docsDir, file).split(sep).join('/');
  const { data, text, lines } = parseFrontmatter(raw, relPath);
  const fm = parseWithFriendlyErrors(frontmatterSchema, data, {
    file: relPath,
    root: 'the frontmatter',
    lineOf: (path) => frontmatterKeyLine(text ?? '', path),
  });

  const segments = docPath.replace(docExtension, '').split('/').map(stripNumberPrefix);
  const base = segments.pop()!;
  const dir = segments.join('/');
  const id = [dir, fm.id ?? base].filter(Boolean).join('/');
  const isIndex = /^(index|readme)$/i.test(base) || base.toLowerCase() === segments.at(-1)?.toLowerCase();

  let route: string;
  if (fm.slug !== undefined) {
    // A relative slug is resolved against the doc's folder, `../` and `./` included, as Docusaurus
    // resolves it (`slug: ../../api/get` in docs/a/b/ is /api/get): never above the docs' root.
    route = fm.slug.startsWith('/') ? fm.slug : posix.join('/', dir, fm.slug);
  } else {
    route = `/${isIndex ? dir : [dir, fm.id ?? base].filter(Boolean).join('/')}`;
  }
  route = normaliseRoute(`${routeBasePath}/${route}`);

  const body = blankLines(raw, lines);
  const heading = firstHeading(body);

  return {
    id,
    file,
    relPath,
    docPath,
    dir,
    route,
    title: fm.title ?? heading ?? base,
    heading,
    sidebarLabel: fm.sidebar_label,
    sidebarPosition: fm.sidebar_position ?? numberPrefix(docPath.split('/').pop()!),
    description: fm.description ?? firstParagraph(body) ?? '',
    keywords: fm.keywords ?? [],
    hideTitle: fm.hide_title ?? false,
    hideTableOfContents: fm.hide_table_of_contents ?? false,
    className: fm.className,
    unlisted: fm.unlisted ?? false,
    ...(fm.draft ? { draft: true as const } : {}),
    ...(fm.custom_edit_url !== undefined ? { customEditUrl: fm.custom_edit_url } : {}),
    raw,
    frontmatterLines: lines,
  };
}

/** A doc's source with its frontmatter blanked out, line numbers unchanged. */
export function docBody(doc: Pick<SourceDoc, 'raw' | 'frontmatterLines'>): string {
  return blankLines(doc.raw, doc.frontmatterLines);
}

/** `source` with its first `count` lines emptied (their line ends kept). */
export function blankLines(source: string, count: number): string {
  let end = 0;
  for (let line = 0; line < count; line++) {
    const lineEnd = source.indexOf('\n', end);
    // Fewer line ends than lines: every line is blank, and only the line ends stay.
    if (lineEnd === -1) return '\n'.repeat(line);
    end = lineEnd + 1;
  }
  return '\n'.repeat(count) + source.slice(end);
}

export function normaliseRoute(route: string): string {
  const cleaned = `/${route}`.replace(/\/+/g, '/').replace(/\/$/, '');
  return cleaned === '' ? '/' : cleaned;
}

function firstHeading(body: string): string | undefined {
  if (!mayHaveHeading(body)) return undefined;
  let fenced = false;
  for (const line of linesOf(body)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const match = /^#\s+(.+?)\s*#*\s*$/.exec(line);
    // A custom id, `{#id}` or the MDX comment `{/* #id */}`, is not part of the title.
    if (match) return plainText(match[1]!.replace(/\s*\{(?:#[^}]+|\/\*[^]*?\*\/)\}\s*$/, ''));
  }
  return undefined;
}

/**
 * Whether a line of `body` starts with `#` and a space: most pages take their title from the
 * frontmatter and have no `# heading`, and a search for line starts rules them out before they
 * are read line by line.
 */
function mayHaveHeading(body: string): boolean {
  if (body.startsWith('#') && /\s/.test(body.charAt(1))) return true;
  for (let at = body.indexOf('\n#'); at !== -1; at = body.indexOf('\n#', at + 1)) {
    if (/\s/.test(body.charAt(at + 2))) return true;
  }
  return false;
}

/**
 * The description of a doc that has none in its front matter, read as Docusaurus reads its excerpt
 * (`createExcerpt`), so that a Docusaurus site keeps its descriptions: the first line with text once
 * blank lines, import and export blocks, fenced code and HTML comments are passed, its HTML tags,
 * heading marks, emphasis, images (their alt text), links (their text), code marks, quote marks,
 * admonition fences, emoji names and heading ids taken away. A `# title` line leaves no text, so
 * the title is never the description; a `## heading` leaves its words. At most 200 characters.
 */
function firstParagraph(body: string): string | undefined {
  let fence: string | undefined;
  let comment = false;
  let imports = false;
  // A setext title (a line underlined with `=`) at the start is the title, not the description.
  for (const line of linesOf(body.trimStart().replace(/^[^\r\n]*\r?\n=+/, ''))) {
    const trimmed = line.trim();
    if (!trimmed) {
      imports = false;
      continue;
    }
    if (comment) {
      comment = !line.includes('-->');
      continue;
    }
    if (fence === undefined && (imports || /^(?:import|export)\s/.test(line))) {
      imports = true;
      continue;
    }
    const marks = /^(`{3,}|~{3,})/.exec(trimmed)?.[1];
    if (marks) {
      if (fence === undefined) fence = marks;
      else if (marks[0] === fence[0] && marks.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    // A comment over several lines (Docusaurus would describe the page by its first line).
    if (/^<!--(?:(?!-->).)*$/.test(trimmed)) {
      comment = true;
      continue;
    }
    // A `# title` line (Docusaurus takes the page's title heading out before its excerpt).
    if (/^#[ \t]/.test(line)) continue;
    const text = excerptText(line);
    if (text) return text.slice(0, 200);
  }
  return undefined;
}

/** A line of Markdown as the text of an excerpt, in the order Docusaurus takes its marks away. */
function excerptText(line: string): string {
  return (
    line
      // A comment goes with the space before it, so the words around it keep one space between them.
      .replace(/\s*<!--.*?-->/g, '')
      .replace(/\s*\{\/\*.*?\*\/\}/g, '')
      .replace(/<[^>]*>/g, '')
      .replace(/^#[^#]+#?/, '')
      .replace(/^#{1,6}\s*/, '')
      .replace(/([*_]{1,3})(.*?)\1/g, '$2')
      .replace(/~~(\S.*\S)~~/g, '$1')
      .replace(/!\[(.*?)\][[(].*?[\])]/g, '$1')
      .replace(/\[\^.+?\](?:: .*$)?/g, '')
      .replace(/\[(.*?)\][[(].*?[\])]/g, '$1')
      .replace(/`(.+?)`/g, '$1')
      .replace(/^\s{0,3}>\s?/, '')
      .replace(/:::.*/, '')
      // An emoji name, `:tada:`, with the space before it.
      .replace(/\s?:(?:::|[^:\n])+:/g, '')
      .replace(/\{#*[\w-]+\}/, '')
      .trim()
  );
}

/**
 * The lines of `text`, as `split('\n')` gives them, one at a time: the scans above mostly stop at
 * the first lines, and splitting a whole page up front costs an array and a string per line.
 */
function* linesOf(text: string): Generator<string> {
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const lineEnd = end === -1 ? text.length : end;
    yield text.slice(start, lineEnd);
    start = lineEnd + 1;
  }
}

/** Inline Markdown as text: images read as their alt text, then links as theirs (a linked badge as its alt). */
function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]/g, '')
    .trim();
}
