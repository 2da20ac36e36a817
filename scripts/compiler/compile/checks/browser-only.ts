// <BrowserOnly> in a page: its children are a function meant to run in the browser, which a page
// built once into a static tree cannot carry. The page keeps the fallback, and the author is told.

import type { TreeNode } from '../../../../client/contract/page.ts';
import { BuildError } from '../../errors.ts';
import type { SourceDoc } from '../../sources/discover.ts';
import { hasElement } from '../jsx-runtime.ts';
import { browserOnlyTag } from '../page-modules/browser-only.ts';

/** The tree with each <BrowserOnly> replaced by its fallback, and one warning per page that had any. */
export function browserOnlyFallbacks(tree: TreeNode[], doc: SourceDoc): { tree: TreeNode[]; warning?: BuildError } {
  // Most pages have none: they keep their tree as it is, not a copy of it.
  if (!hasElement(tree, browserOnlyTag)) return { tree };
  let found = 0;
  const unwrap = (nodes: TreeNode[]): TreeNode[] =>
    nodes.flatMap((node) => {
      if (typeof node === 'string') return [node];
      const children = node.c ? unwrap(node.c) : undefined;
      if (node.t === browserOnlyTag) {
        found++;
        return children ?? [];
      }
      return [children ? { ...node, c: children } : node];
    });
  const result = unwrap(tree);
  if (found === 0) return { tree };
  const line = doc.raw.split('\n').findIndex((text) => text.includes(`<${browserOnlyTag}`)) + 1;
  return {
    tree: result,
    warning: new BuildError(
      doc.relPath,
      line || undefined,
      `<BrowserOnly> content runs only in a browser and pages here are built ahead of time: ${found === 1 ? 'its fallback is' : `the fallbacks of all ${found} are`} shown instead`,
      'give <BrowserOnly> a fallback={…} that readers can use, or write that part in Markdown',
    ),
  };
}
