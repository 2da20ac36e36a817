// A page as plain Markdown, for `<route>.md`, `/llms-full.txt` and "Copy page". Built from the
// compiled element tree, where links and images are already resolved to routes and public
// URLs: MDX components become plain Markdown (admonitions → blockquotes, tabs → headed
// sections, inline SVG → its title/description) and every root-relative URL is made absolute
// on the site's configured `url` (the same base the search records use).

import { islandChildren, islandTag, isIsland } from '../../../client/contract/islands.ts';
import type { ContentProp, PageData, TreeElement, TreeNode } from '../../../client/contract/page.ts';
import { pageHref } from '../../../client/contract/urls.ts';

interface State {
  siteUrl: string;
  /** The site links pages with a slash after them (Docusaurus's `trailingSlash: true`). */
  trailingSlash?: boolean;
  /** Level of the last heading written, so tabs nest one level under their section. */
  headingLevel: number;
}

export function pageMarkdown(page: Pick<PageData, 'title' | 'tree'>, siteUrl: string, trailingSlash?: boolean): string {
  const state: State = { siteUrl, trailingSlash, headingLevel: 1 };
  const first = page.tree.find((node) => typeof node !== 'string' || node.trim() !== '');
  const startsWithH1 = typeof first === 'object' && first.t === 'h1';
  const blocks = startsWithH1 ? [] : [`# ${page.title}`];
  blocks.push(...blocksOf(page.tree, state));
  return `${blocks.join('\n\n')}\n`;
}

const blockTags = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'pre',
  'blockquote',
  'table',
  'details',
  'hr',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'nav',
  'figure',
  'svg',
  'iframe',
  'video',
  'Admonition',
  'Tabs',
  'TabItem',
  'CodeBlock',
  'Details',
  islandTag,
]);

function isBlock(node: TreeNode): boolean {
  return typeof node === 'object' && blockTags.has(node.t);
}

/** Children as blocks; runs of inline nodes between blocks become one paragraph. */
function blocksOf(nodes: TreeNode[] | undefined, state: State): string[] {
  const blocks: string[] = [];
  let inlineRun: TreeNode[] = [];
  const flush = () => {
    const text = inlines(inlineRun, state).trim();
    if (text) blocks.push(text);
    inlineRun = [];
  };
  for (const node of nodes ?? []) {
    if (isBlock(node)) {
      flush();
      const block = blockOf(node as TreeElement, state);
      if (block.trim()) blocks.push(block);
    } else inlineRun.push(node);
  }
  flush();
  return blocks;
}

function blockOf(node: TreeElement, state: State): string {
  const props = node.p ?? {};
  switch (node.t) {
    case 'p':
      return inlines(node.c, state).trim();
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const level = Number(node.t.slice(1));
      state.headingLevel = level;
      return `${'#'.repeat(level)} ${inlines(node.c, state).trim()}`;
    }
    case 'hr':
      return '---';
    // Links to the pages around (a blog's newer and older posts): the site's, not the page's text.
    case 'nav':
      return '';
    case 'ul':
    case 'ol':
      return list(node, state);
    case 'pre':
    case 'CodeBlock':
      return codeBlock(node);
    case 'blockquote':
      return quote(blocksOf(node.c, state).join('\n\n'));
    case 'Admonition': {
      const type = typeof props.type === 'string' ? props.type : 'note';
      const title = propText(props.title, state) || type[0]!.toUpperCase() + type.slice(1);
      return quote([`**${title}**`, ...blocksOf(node.c, state)].join('\n\n'));
    }
    case 'Tabs': {
      const level = Math.min(state.headingLevel + 1, 6);
      const sections = (node.c ?? []).filter((child): child is TreeElement => typeof child === 'object');
      return sections
        .map((tab) => {
          const label = String(tab.p?.label ?? tab.p?.value ?? 'Tab');
          const inner = { ...state, headingLevel: level };
          return [`${'#'.repeat(level)} ${label}`, ...blocksOf(tab.c, inner)].join('\n\n');
        })
        .join('\n\n');
    }
    case 'details':
    case 'Details': {
      const summary = (node.c ?? []).find((child) => typeof child === 'object' && child.t === 'summary');
      const rest = (node.c ?? []).filter((child) => child !== summary);
      const title =
        summary && typeof summary === 'object'
          ? inlines(summary.c, state).trim()
          : propText(props.summary, state) || 'Details';
      return [`**${title}**`, ...blocksOf(rest, state)].join('\n\n');
    }
    case 'table':
      return table(node, state);
    case 'svg':
      return diagram(node);
    case 'iframe':
    case 'video':
      return embed(node, state);
    case islandTag:
      return isIsland(node) ? blocksOf(islandChildren(node), state).join('\n\n') : '';
    default:
      return blocksOf(node.c, state).join('\n\n');
  }
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

function list(node: TreeElement, state: State): string {
  const items = (node.c ?? []).filter((child): child is TreeElement => typeof child === 'object' && child.t === 'li');
  const start = typeof node.p?.start === 'number' ? node.p.start : 1;
  return items
    .map((item, index) => {
      const marker = node.t === 'ol' ? `${start + index}. ` : '- ';
      const body = blocksOf(item.c, state).join('\n\n');
      const indent = ' '.repeat(marker.length);
      return (
        marker +
        body
          .split('\n')
          .join(`\n${indent}`)
          .replace(/\n +\n/g, '\n\n')
      );
    })
    .join('\n');
}

function codeBlock(node: TreeElement): string {
  const props = node.p ?? {};
  const language = String(props['data-language'] ?? props.language ?? '');
  const title = props['data-title'] ?? props.title;
  const code = textOf(node.c).replace(/\n$/, '');
  const fence = code.includes('```') ? '````' : '```';
  const info = [language === 'text' ? '' : language, typeof title === 'string' ? `title="${title}"` : '']
    .filter(Boolean)
    .join(' ');
  return `${fence}${info}\n${code}\n${fence}`;
}

function table(node: TreeElement, state: State): string {
  const rows: TreeElement[] = [];
  const collect = (nodes: TreeNode[] | undefined) => {
    for (const child of nodes ?? []) {
      if (typeof child !== 'object') continue;
      if (child.t === 'tr') rows.push(child);
      else collect(child.c);
    }
  };
  collect(node.c);
  const cells = rows.map((row) =>
    (row.c ?? [])
      .filter((cell): cell is TreeElement => typeof cell === 'object')
      .map((cell) => inlines(cell.c, state).trim().replace(/\|/g, '\\|').replace(/\n/g, ' ')),
  );
  if (cells.length === 0) return '';
  const line = (row: string[]) => `| ${row.join(' | ')} |`;
  const [head, ...body] = cells;
  return [line(head!), line(head!.map(() => '---')), ...body.map(line)].join('\n');
}

/** An inline diagram reads as its `<title>` and `<desc>`: the text a screen reader gets. */
function diagram(node: TreeElement): string {
  const find = (tag: string) => {
    const child = (node.c ?? []).find((c) => typeof c === 'object' && c.t === tag);
    return child && typeof child === 'object' ? textOf(child.c).trim() : '';
  };
  const title = find('title');
  const description = find('desc');
  if (!title && !description) return '';
  return [`*Diagram${title ? `: ${title}` : ''}*`, description].filter(Boolean).join(' — ');
}

/** An embedded video or frame reads as a link to what it shows. */
function embed(node: TreeElement, state: State): string {
  const src = node.p?.src;
  if (typeof src !== 'string' || !src) return '';
  const title = typeof node.p?.title === 'string' && node.p.title ? node.p.title : node.t === 'video' ? 'Video' : src;
  return `[${title}](${absolute(src, state.siteUrl)})`;
}

function inlines(nodes: TreeNode[] | undefined, state: State): string {
  return (nodes ?? []).map((node) => inline(node, state)).join('');
}

function inline(node: TreeNode, state: State): string {
  if (typeof node === 'string') return node;
  const props = node.p ?? {};
  switch (node.t) {
    case 'strong':
    case 'b':
      return `**${inlines(node.c, state)}**`;
    case 'em':
    case 'i':
      return `*${inlines(node.c, state)}*`;
    case 'del':
    case 's':
      return `~~${inlines(node.c, state)}~~`;
    case 'code': {
      const text = textOf(node.c);
      return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
    }
    case 'br':
      return '  \n';
    case 'a': {
      const text = inlines(node.c, state);
      return typeof props.href === 'string'
        ? `[${text}](${absolute(pageHref(props.href, state.trailingSlash), state.siteUrl)})`
        : text;
    }
    case 'img':
      // A ThemedImage is one picture in two versions: Markdown has no theme, so it takes the light one.
      if (/\bthemed-image-dark\b/.test(String(props.className ?? ''))) return '';
      return `![${String(props.alt ?? '')}](${absolute(String(props.src ?? ''), state.siteUrl)})`;
    case 'svg':
      return diagram(node);
    case 'input':
      return props.type === 'checkbox' ? (props.checked ? '[x] ' : '[ ] ') : '';
    default:
      return isBlock(node) ? blockOf(node, state) : inlines(node.c, state);
  }
}

/** A prop that is text, or page content (`title={<>…</>}`), as inline Markdown. */
function propText(value: unknown, state: State): string {
  if (typeof value === 'string') return value;
  const content = (value as Partial<ContentProp> | null)?.$content;
  return Array.isArray(content) ? inlines(content, state).trim() : '';
}

function textOf(nodes: TreeNode[] | undefined): string {
  return (nodes ?? []).map((node) => (typeof node === 'string' ? node : textOf(node.c))).join('');
}

/** Root-relative URLs (`/x`) are made absolute on the site url; others are kept as written. */
function absolute(href: string, siteUrl: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  return new URL(href, siteUrl).href;
}
