// Remark and rehype plugins that give MDX the Docusaurus dialect: admonitions, heading ids,
// `.md` links resolved to routes, checked internal links and images, code block titles.

import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { toString as hastToString } from 'hast-util-to-string';
import { toString as mdastToString } from 'mdast-util-to-string';
import type { Element, Root as HastRoot } from 'hast';
import type { Root as MdastRoot, Paragraph, Parent, PhrasingContent } from 'mdast';
import type { VFile } from 'vfile';
import type { MarkdownDialect } from '../../../../client/contract/site-config.ts';
import { BuildError, report } from '../../errors.ts';
import { defaultMarkdownDialect, htmlCommentsToMdx } from './dialect.ts';
import { mediaUrl, type LinkContext } from '../link-context.ts';
import { walkElements, walkTree } from './walk-tree.ts';

export const admonitionTypes = [
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  'success',
  'secondary',
];

/**
 * The MDX 1 syntax Docusaurus 3 still reads, turned into MDX 3: `:::note My title` (remark-directive
 * wants `:::note[My title]`), `## Title {#id}` and `<!-- comments -->`. Same line count.
 */
export function preprocessMarkdown(
  source: string,
  dialect: MarkdownDialect = defaultMarkdownDialect,
  commonMark = false,
): string {
  const { comments, admonitions, headingIds } = dialect.mdx1Compat;
  // CommonMark reads comments as HTML and braces as text.
  const text = comments && !commonMark ? htmlCommentsToMdx(source) : source;
  // Only a line holding `:::` or `{#` can change: a page with neither is left as it is.
  const titles = admonitions && text.includes(':::');
  const ids = headingIds && !commonMark && text.includes('{#');
  if (!titles && !ids) return text;
  return text
    .split('\n')
    .map((line) => {
      const admonition = titles && /^(\s*:::+)([a-z]+)[ \t]+([^[{\s].*?)\s*$/.exec(line);
      if (admonition && admonitionTypes.includes(admonition[2]!))
        return `${admonition[1]}${admonition[2]}[${admonition[3]}]`;
      // `## Title {#custom-id}` would be read as a JS expression by MDX.
      if (!ids) return line;
      return line.replace(/^(#{1,6}\s.*?)\s*\{#([\w-]+)\}\s*$/, '$1 \\{#$2\\}');
    })
    .join('\n');
}

interface DirectiveNode extends Parent {
  type: 'containerDirective' | 'leafDirective' | 'textDirective';
  name: string;
  attributes?: Record<string, string | null | undefined>;
}

/** `:::type[title]` becomes `<Admonition type title>`; other directives go back to plain text. */
export function remarkAdmonitions() {
  return (tree: MdastRoot) => {
    walkTree(tree, (node, index, parent) => {
      if (!parent || index === undefined) return;
      const directive = node as unknown as DirectiveNode;
      if (directive.type === 'containerDirective' && admonitionTypes.includes(directive.name)) {
        const children = [...directive.children];
        const label = children[0] as Paragraph | undefined;
        let title: string | undefined;
        if (label?.type === 'paragraph' && (label.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
          title = mdastToString(label);
          children.shift();
        }
        const attributes = [{ type: 'mdxJsxAttribute', name: 'type', value: directive.name }];
        if (title) attributes.push({ type: 'mdxJsxAttribute', name: 'title', value: title });
        parent.children[index] = {
          type: 'mdxJsxFlowElement',
          name: 'Admonition',
          attributes,
          children,
          position: directive.position,
        } as never;
        return;
      }
      if (
        directive.type === 'textDirective' ||
        directive.type === 'leafDirective' ||
        directive.type === 'containerDirective'
      ) {
        const prefix = directive.type === 'textDirective' ? ':' : directive.type === 'leafDirective' ? '::' : ':::';
        const text = { type: 'text', value: `${prefix}${directive.name}` } as PhrasingContent;
        const restored =
          directive.type === 'textDirective'
            ? [text, ...(directive.children as PhrasingContent[])]
            : [{ type: 'paragraph', children: [text, ...(directive.children as PhrasingContent[])] }];
        parent.children.splice(index, 1, ...(restored as never[]));
        return index;
      }
      return undefined;
    });
  };
}

/**
 * What an MDX comment ending a heading says: nothing to render, and an id when its first word
 * starts with `#`, as Docusaurus reads `## Title {/* #custom-id *\/}`. Undefined when the
 * expression is not a comment alone.
 */
function headingComment(expression: string): { id?: string } | undefined {
  const comment = /^\s*\/\*([^]*?)\*\/\s*$/.exec(expression);
  if (!comment) return undefined;
  const first = comment[1]!.trim().split(/\s+/)[0]!;
  return first.startsWith('#') && first.length > 1 ? { id: first.slice(1) } : {};
}

/**
 * Heading ids: `{#custom-id}` or `{/* #custom-id *\/}` when given, else GitHub-style slugs, unique
 * within the page.
 */
export function rehypeHeadingIds() {
  return (tree: HastRoot) => {
    const slugger = new GithubSlugger();
    walkElements(tree, (node: Element) => {
      if (!/^h[1-6]$/.test(node.tagName)) return;
      const expression = node.children.at(-1) as { type: string; value?: string } | undefined;
      const comment = expression?.type === 'mdxTextExpression' ? headingComment(expression.value ?? '') : undefined;
      if (comment) {
        // The comment goes, and the space before it: the heading's text (its slug, its TOC entry) ends with the title.
        node.children.pop();
        const before = node.children.at(-1);
        if (before?.type === 'text') before.value = before.value.trimEnd();
        if (comment.id) {
          node.properties.id = comment.id;
          slugger.slug(comment.id);
          return;
        }
      }
      const last = node.children.at(-1);
      if (last?.type === 'text') {
        const custom = /\s*\{#([\w-]+)\}\s*$/.exec(last.value);
        if (custom) {
          last.value = last.value.slice(0, custom.index);
          node.properties.id = custom[1]!;
          slugger.slug(custom[1]!);
          return;
        }
      }
      if (!node.properties.id) node.properties.id = slugger.slug(hastToString(node));
    });
  };
}

const external = /^([a-z][a-z\d+.-]*:|\/\/)/i;

/** Resolves `.md` links to routes, checks internal links, and gives local images a hashed URL. */
export function rehypeLinksAndImages(context: LinkContext) {
  return (tree: HastRoot, file: VFile) => {
    const source = file.path;
    const relPath = context.relPathOf(source);
    walkElements(tree, (node: Element) => {
      const line = node.position?.start.line;
      if (node.tagName === 'a' && typeof node.properties.href === 'string') {
        node.properties.href = resolveLink(node.properties.href, source, relPath, line, context);
      }
      if (node.tagName === 'img' && typeof node.properties.src === 'string') {
        node.properties.src = resolveImage(node.properties.src, source, relPath, line, context);
      }
    });
    // `<Link to="./other.md">` in JSX: a literal target is resolved and checked like a Markdown link.
    walkTree(tree, (node) => {
      const element = node as Partial<MdxJsxElement>;
      if ((element.type !== 'mdxJsxFlowElement' && element.type !== 'mdxJsxTextElement') || element.name !== 'Link')
        return;
      for (const attribute of element.attributes ?? []) {
        if (attribute.type !== 'mdxJsxAttribute' || !['to', 'href'].includes(attribute.name)) continue;
        if (typeof attribute.value !== 'string') continue;
        attribute.value = resolveLink(attribute.value, source, relPath, element.position?.start.line, context);
      }
    });
  };
}

/**
 * The route of the page a `.md` link names, as Docusaurus finds it: beside the page, then from the
 * docs root, then (unless it starts with `./` or `../`) from the site folder, so
 * `/docs/guides/setup.md` names the site's `docs/guides/setup.md`; `%20` and the like are decoded.
 */
function markdownLinkRoute(path: string, source: string, context: LinkContext): string | undefined {
  const decoded = safeDecode(path);
  const candidates = path.startsWith('/') ? [] : [resolve(dirname(source), decoded)];
  candidates.push(join(context.docsDir, decoded));
  if (!/^\.\.?\//.test(path)) candidates.push(join(context.siteDir, decoded));
  for (const candidate of candidates) {
    const route = context.routeOfFile.get(candidate);
    if (route) return route;
  }
  return undefined;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The parts of an MDX JSX element in the hast tree that link resolution reads. */
interface MdxJsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: { type: string; name: string; value?: unknown }[];
  position?: { start: { line: number } };
}

function resolveLink(
  href: string,
  source: string,
  relPath: string,
  line: number | undefined,
  context: LinkContext,
): string {
  if (external.test(href) || href.startsWith('#') || href === '') return href;
  const [path = '', hash = ''] = splitHash(href);
  if (/\.mdx?$/.test(path)) {
    const route = markdownLinkRoute(path, source, context);
    if (!route) {
      report(
        context.diagnostics,
        context.onBrokenMarkdownLinks,
        new BuildError(
          relPath,
          line,
          `broken Markdown link: ${href} (no such doc file)`,
          'point the link at an existing .md/.mdx file, relative to this page or to the docs folder',
        ),
      );
      return href;
    }
    return route + hash;
  }
  const absolute = path.startsWith('/')
    ? path
    : new URL(path, `https://x${context.routeOfFile.get(source) ?? '/'}`).pathname;
  const normalised = absolute.replace(/\/+$/, '') || '/';
  const isStatic = existsSync(join(context.staticDir, decodeURIComponent(normalised)));
  if (!context.routes.has(normalised) && !context.redirects[normalised] && !isStatic) {
    report(
      context.diagnostics,
      context.onBrokenLinks,
      new BuildError(
        relPath,
        line,
        `broken link: ${href} (no page has the route ${normalised})`,
        'link to an existing route, or to a .md file relative to this page',
      ),
    );
    return href;
  }
  return normalised + hash;
}

function resolveImage(
  src: string,
  source: string,
  relPath: string,
  line: number | undefined,
  context: LinkContext,
): string {
  if (external.test(src) || src.startsWith('data:')) return src;
  const file = src.startsWith('/')
    ? join(context.staticDir, decodeURIComponent(src))
    : resolve(dirname(source), decodeURIComponent(src));
  if (!existsSync(file)) {
    context.diagnostics.errors.push(
      new BuildError(
        relPath,
        line,
        `missing image: ${src}`,
        src.startsWith('/')
          ? 'put the file under static/ or fix the path'
          : 'put the image next to the page or fix the relative path',
      ),
    );
    return src;
  }
  if (src.startsWith('/')) return src;
  let url = context.media.get(file);
  if (!url) {
    url = mediaUrl(file);
    context.media.set(file, url);
  }
  return url;
}

function splitHash(href: string): [string, string] {
  const index = href.indexOf('#');
  return index === -1 ? [href, ''] : [href.slice(0, index), href.slice(index)];
}

/** `title="…"` and `showLineNumbers` from a code fence's meta string; `{1,3-5}` is read by code/fences.ts. */
export function parseCodeMeta(meta: string): Record<string, string | boolean> {
  const result: Record<string, string | boolean> = {};
  const withoutRanges = meta.replace(/\{[\d,\s-]*\}/g, ' ');
  for (const match of withoutRanges.matchAll(/(\w+)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g)) {
    result[match[1]!] = match[2] ?? match[3] ?? match[4] ?? true;
  }
  return result;
}
