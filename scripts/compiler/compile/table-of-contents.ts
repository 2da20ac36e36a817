// A page's table of contents and the plain text of its elements, read from its element tree.

import type { TocItem, TreeNode } from '../../../client/contract/page.ts';
import { isIsland, islandChildren } from '../../../client/contract/islands.ts';

/** h2 and h3 at any depth, in document order. */
export function tableOfContents(tree: TreeNode[]): TocItem[] {
  const toc: TocItem[] = [];
  const walk = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      if (typeof node === 'string') continue;
      if ((node.t === 'h2' || node.t === 'h3') && typeof node.p?.id === 'string') {
        toc.push({ id: node.p.id, text: textOf(node), level: node.t === 'h2' ? 2 : 3 });
      } else if (isIsland(node)) {
        // The site's own heading (an `h2` of its MDXComponents), once the build has rendered it.
        const heading = /^<h([23])\b[^>]*\bid="([^"]+)"/.exec(node.p.html);
        if (heading)
          toc.push({
            id: heading[2]!,
            text: islandChildren(node).map(textOf).join(''),
            level: heading[1] === '2' ? 2 : 3,
          });
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
