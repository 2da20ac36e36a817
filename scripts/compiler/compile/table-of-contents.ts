// A page's table of contents and the plain text of its elements, read from its element tree.

import type { TocItem, TreeNode } from '../../../client/contract/page.ts';

/** h2 and h3 at any depth, in document order. */
export function tableOfContents(tree: TreeNode[]): TocItem[] {
  const toc: TocItem[] = [];
  const walk = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      if (typeof node === 'string') continue;
      if ((node.t === 'h2' || node.t === 'h3') && typeof node.p?.id === 'string') {
        toc.push({ id: node.p.id, text: textOf(node), level: node.t === 'h2' ? 2 : 3 });
      } else if (node.c) walk(node.c);
    }
  };
  walk(tree);
  return toc;
}

export function textOf(node: TreeNode): string {
  if (typeof node === 'string') return node;
  return (node.c ?? []).map(textOf).join('');
}
