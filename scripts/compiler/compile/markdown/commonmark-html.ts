// HTML written in a CommonMark page (`markdown.format: 'md'` or `'detect'` for `.md`) reaches rehype
// as `raw` nodes, which MDX would drop. This turns them into elements, so `<details>`, `<kbd>`,
// `<br>` and `<img>` render as in Docusaurus; comments are dropped. The tags of one element may
// be split over several raw nodes with Markdown between them (`<kbd>**Ctrl**</kbd>`), so the
// children of each parent are rebuilt with a stack of open elements.

import { htmlVoidElements } from 'html-void-elements';
import { parseEntities } from 'parse-entities';
import { find, html } from 'property-information';
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';

type Container = { children: RootContent[] };

const token =
  /<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;
const attribute = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const voidElements = new Set(htmlVoidElements);

export function rehypeCommonMarkHtml() {
  return (tree: Root) => {
    rebuild(tree);
  };
}

function rebuild(parent: Container): void {
  if (!parent.children.some((child) => child.type === 'raw' || 'children' in child)) return;
  const root: Container = { children: [] };
  const open: Container[] = [root];
  for (const child of parent.children) {
    if ('children' in child) rebuild(child);
    if (child.type === 'raw') addHtml(child.value, open);
    else open.at(-1)!.children.push(child);
  }
  parent.children = root.children;
}

function addHtml(source: string, open: Container[]): void {
  let last = 0;
  for (const match of source.matchAll(token)) {
    addText(source.slice(last, match.index), open);
    last = match.index + match[0].length;
    const [, closing, opening, attributes = '', selfClosing] = match;
    if (closing) {
      const name = closing.toLowerCase();
      const depth = open.findLastIndex((node) => (node as Element).tagName === name);
      if (depth > 0) open.length = depth;
    } else if (opening) {
      const element: Element = {
        type: 'element',
        tagName: opening.toLowerCase(),
        properties: properties(attributes),
        children: [],
      };
      open.at(-1)!.children.push(element);
      if (!selfClosing && !voidElements.has(element.tagName)) open.push(element);
    }
  }
  addText(source.slice(last), open);
}

function addText(text: string, open: Container[]): void {
  if (text) open.at(-1)!.children.push({ type: 'text', value: parseEntities(text) } as ElementContent);
}

function properties(source: string): Properties {
  const result: Properties = {};
  for (const match of source.matchAll(attribute)) {
    const info = find(html, match[1]!);
    const value = match[2] ?? match[3] ?? match[4];
    if (value === undefined) result[info.property] = true;
    else if (info.spaceSeparated) result[info.property] = parseEntities(value).split(/\s+/).filter(Boolean);
    else result[info.property] = parseEntities(value);
  }
  return result;
}
