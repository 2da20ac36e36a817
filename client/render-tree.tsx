// One renderer for compiled pages, on the server and in the browser: tree → React elements.

import { createElement, type ComponentType, type ReactNode } from 'react';
import type { ContentProp, TreeNode } from './contract/page.ts';
import { isScriptUrl, urlAttributes } from './script-url.ts';

// Each registered component takes its own props; the tree's props are checked by the build.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ComponentRegistry = Record<string, ComponentType<any>>;

const voidElements = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'track', 'wbr']);

export function renderTree(nodes: TreeNode[], components: ComponentRegistry): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, components, index));
}

function renderNode(node: TreeNode, components: ComponentRegistry, key: number): ReactNode {
  if (typeof node === 'string') return node;
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(node.p ?? {})) {
    // Content is built from the repository, but a page still never gets script hooks.
    if (/^on/i.test(name) || name === 'dangerouslySetInnerHTML') continue;
    if (urlAttributes.has(name) && typeof value === 'string' && isScriptUrl(value)) continue;
    props[name] = isContentProp(value) ? renderTree(value.$content, components) : value;
  }
  const type = components[node.t] ?? (/^[a-z]/.test(node.t) ? node.t : undefined);
  const children = node.c ? renderTree(node.c, components) : undefined;
  if (type === undefined) return children ?? null;
  if (typeof type === 'string' && voidElements.has(type)) return createElement(type, props);
  return createElement(type, props, ...(children ?? []));
}

function isContentProp(value: unknown): value is ContentProp {
  return typeof value === 'object' && value !== null && Array.isArray((value as Partial<ContentProp>).$content);
}
