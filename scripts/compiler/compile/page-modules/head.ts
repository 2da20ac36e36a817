// `@docusaurus/Head` in a page evaluated at build time: its `<title>`, `<meta>` and `<link>` go to
// the page's head (client/site-modules/page-head.ts); it adds nothing to the page's content.

import type { TreeNode } from '../../../../client/contract/page.ts';
import { noteHeadElement } from '../../../../client/site-modules/page-head.ts';
import { flatten } from '../jsx-runtime.ts';
import { textOf } from '../table-of-contents.ts';

export default function Head({ children }: { children?: unknown }) {
  for (const node of flatten(children) as TreeNode[]) {
    if (typeof node === 'string') continue;
    noteHeadElement(node.t, node.p ?? {}, (node.c ?? []).map(textOf).join(''));
  }
  return null;
}
