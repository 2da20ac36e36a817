// Looking things up in a compiled page tree.

import type { TreeElement, TreeNode } from '../../../client/contract/page.ts';

/** Every element of the tree (depth first) that matches. */
export function findAll(nodes: TreeNode[], match: (element: TreeElement) => boolean): TreeElement[] {
  const found: TreeElement[] = [];
  const walk = (list: TreeNode[]) => {
    for (const node of list) {
      if (typeof node === 'string') continue;
      if (match(node)) found.push(node);
      if (node.c) walk(node.c);
    }
  };
  walk(nodes);
  return found;
}

export function byTag(nodes: TreeNode[], tag: string): TreeElement[] {
  return findAll(nodes, (element) => element.t === tag);
}

/** The text of a node without markup. */
export function text(node: TreeNode | TreeNode[]): string {
  if (Array.isArray(node)) return node.map(text).join('');
  if (typeof node === 'string') return node;
  return text(node.c ?? []);
}

/** The href of the link whose text is `label`. */
export function hrefOf(nodes: TreeNode[], label: string): unknown {
  const link = byTag(nodes, 'a').find((a) => text(a) === label);
  if (!link) throw new Error(`no link with the text "${label}"`);
  return link.p?.href;
}
