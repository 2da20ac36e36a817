// DocSearch-schema records for every section of every page: the page title, each
// heading, and the paragraphs, list items, table cells, admonition text and short code blocks under it.

import type { Hierarchy, HierarchyLevel, SearchRecord } from '../../../../client/contract/search-protocol.ts';
import type { PageData, TreeNode } from '../../../../client/contract/page.ts';
import type { SidebarItem } from '../../../../client/contract/sidebar.ts';
import { instanceTag, versionTag } from '../../../../client/contract/search-protocol.ts';
import { defaultSearchTag } from '../../../../client/contract/search-facets.ts';
import { islandChildren, isIsland } from '../../../../client/contract/islands.ts';
import { pagePath } from '../../../../client/contract/urls.ts';
import { textOf } from '../../compile/table-of-contents.ts';
import { tocInlineClass } from '../../compile/page-modules/toc-inline.ts';

const contentTags = new Set(['p', 'td', 'th', 'figcaption', 'summary']);
const skippedTags = new Set(['pre', 'svg', 'script', 'style', 'iframe']);
const headingLevel: Record<string, HierarchyLevel> = {
  h1: 'lvl1',
  h2: 'lvl2',
  h3: 'lvl3',
  h4: 'lvl4',
  h5: 'lvl5',
  h6: 'lvl6',
};
const levels: HierarchyLevel[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** One page's records; `section`: its top-level sidebar section (`topLevelSections`), if any. */
export function pageSearchRecords(
  page: PageData,
  section: string | undefined,
  siteUrl: string,
  trailingSlash?: boolean,
): SearchRecord[] {
  // Unlisted pages are reachable by their URL only, as in Docusaurus: never a search result.
  if (page.unlisted) return [];
  return pageRecords(page, section ?? 'Documentation', new URL(pagePath(page.route, trailingSlash), siteUrl).href);
}

/** Route → label of the top-level sidebar category that holds it. */
export function topLevelSections(sidebars: Record<string, SidebarItem[]>): Map<string, string> {
  const sections = new Map<string, string>();
  const collect = (items: SidebarItem[], label: string) => {
    for (const item of items) {
      if (item.href && !sections.has(item.href)) sections.set(item.href, label);
      if (item.type === 'category') collect(item.items, label);
    }
  };
  for (const items of Object.values(sidebars)) {
    for (const item of items) {
      if (item.type === 'category') collect([item], item.label);
    }
  }
  return sections;
}

function pageRecords(page: PageData, section: string, pageUrl: string): SearchRecord[] {
  // DocSearch's facet for the version: the modal asks for the version being read, and for the
  // pages outside the docs (custom pages, blog posts), which have no version.
  const tag = page.docsPluginId
    ? instanceTag(page.docsPluginId)
    : page.version === undefined
      ? defaultSearchTag
      : versionTag(page.version);
  const hierarchy: Hierarchy = {
    lvl0: section,
    lvl1: page.title,
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  let anchor: string | null = null;
  const records: SearchRecord[] = [];
  const counts = new Map<string, number>();

  const push = (type: SearchRecord['type'], content: string | null) => {
    const key = `${anchor ?? ''}:${type}`;
    const index = counts.get(key) ?? 0;
    counts.set(key, index + 1);
    records.push({
      objectID: stableId(`${page.route}#${key}:${index}`),
      url: anchor ? `${pageUrl}#${anchor}` : pageUrl,
      url_without_anchor: pageUrl,
      anchor,
      type,
      hierarchy: { ...hierarchy },
      content,
      language: 'en',
      docusaurus_tag: tag,
      weight: {
        level: type === 'content' ? 0 : 100 - levels.indexOf(type) * 10,
        position: records.length,
        pageRank: 0,
      },
    });
  };

  push('lvl1', null);
  const walk = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      if (typeof node === 'string') continue;
      // A site component: the page's own content given to it, as if it stood there.
      if (isIsland(node)) {
        walk([{ t: 'div', c: islandChildren(node) }]);
        continue;
      }
      const level = headingLevel[node.t];
      if (level) {
        const text = clean(textOf(node));
        // The page title is lvl1 already.
        if (level === 'lvl1') continue;
        const depth = levels.indexOf(level);
        hierarchy[level] = text;
        for (const deeper of levels.slice(depth + 1)) (hierarchy as Record<string, string | null>)[deeper] = null;
        anchor = typeof node.p?.id === 'string' ? node.p.id : anchor;
        push(level, null);
        continue;
      }
      // A short code block (a command, an error message, a setting) is text readers search for,
      // as Pagefind and DocSearch's crawler find it; a long example is mostly names any page has.
      if (node.t === 'pre') {
        const code = textOf(node).trim();
        if (code && code.split('\n').length <= shortCode.lines && code.length <= shortCode.characters)
          push('content', clean(code));
        continue;
      }
      // A TOCInline repeats the headings, which are records of their own.
      const className = node.p?.className;
      if (skippedTags.has(node.t) || (className != null && String(className).split(' ').includes(tocInlineClass)))
        continue;
      // A paragraph-like element, or a container with loose text of its own (a TabItem, a
      // <div> with text): its text is one record.
      const looseText =
        !inlineTags.has(node.t) && (node.c ?? []).some((child) => typeof child === 'string' && child.trim() !== '');
      if (contentTags.has(node.t) || node.t === 'li' || looseText) {
        const own =
          node.t === 'li'
            ? (node.c ?? []).filter((child) => typeof child === 'string' || !['ul', 'ol'].includes(child.t))
            : (node.c ?? []);
        const text = clean(own.map(blockText).join(''));
        if (text) push('content', text);
        if (node.t === 'li')
          walk((node.c ?? []).filter((child) => typeof child !== 'string' && ['ul', 'ol'].includes(child.t)));
        continue;
      }
      if (node.c) walk(node.c);
    }
  };
  walk(page.tree);
  return records;
}

/** A code block indexed as a record of its page: at most this long. */
const shortCode = { lines: 3, characters: 400 } as const;

const inlineTags = new Set([
  'a',
  'abbr',
  'b',
  'code',
  'del',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
]);

/** Text of a node, with a space around blocks (paragraphs of a list item) but not inline markup. */
function blockText(node: TreeNode): string {
  if (typeof node === 'string') return node;
  if (node.t === 'br') return ' ';
  const inner = (node.c ?? []).map(blockText).join('');
  return inlineTags.has(node.t) ? inner : ` ${inner} `;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Short, stable id from the record's place (FNV-1a, 64-bit as two halves). */
function stableId(key: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ code, 0x5bd1e995) >>> 0;
  }
  return `${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}`;
}
