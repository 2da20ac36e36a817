// A walk over a built page's element tree (client/contract/page.ts TreeNode), for the checks and records
// the build makes once a page is compiled: every element, including those inside content given
// as a prop (`<Details summary={<b>…</b>}>`), parents before their children.

import type { ContentProp, TreeElement, TreeNode } from '../../../client/contract/page.ts';

export function visitElements(nodes: TreeNode[], onElement: (element: TreeElement) => void): void {
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    onElement(node);
    for (const value of Object.values(node.p ?? {})) {
      const content = (value as Partial<ContentProp> | null)?.$content;
      if (Array.isArray(content)) visitElements(content, onElement);
    }
    if (node.c) visitElements(node.c, onElement);
  }
}
