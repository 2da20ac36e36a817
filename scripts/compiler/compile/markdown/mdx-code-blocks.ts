// Docusaurus's ```` ```mdx-code-block ```` fences: their text is MDX (imports, exports, JSX) kept in
// a fence so that translation tools leave it alone. As Docusaurus does, each fence is replaced by
// its text parsed as MDX, so a component a page exports from one (`export function ColorDefaults`)
// is defined like any other.

import type { Code, Root, RootContent } from 'mdast';
import type { Node } from 'unist';
import type { Processor } from 'unified';
import { walkTree } from './walk-tree.ts';

export function remarkUnwrapMdxCodeBlocks(this: Processor) {
  return (tree: Root) => {
    walkTree(tree, (node, index, parent) => {
      if (node.type !== 'code' || (node as Code).lang !== 'mdx-code-block' || !parent || index === undefined) return;
      const code = node as Code;
      const parsed = this.parse(code.value) as Root;
      // The text starts on the line after the fence: messages keep pointing into the page.
      const shift = code.position?.start.line ?? 0;
      for (const child of parsed.children) shiftLines(child, shift);
      parent.children.splice(index, 1, ...(parsed.children as RootContent[]));
      return index + parsed.children.length;
    });
  };
}

function shiftLines(node: Node, lines: number): void {
  walkTree(node, (each) => {
    const position = each.position;
    if (!position) return;
    each.position = {
      start: { line: position.start.line + lines, column: position.start.column },
      end: { line: position.end.line + lines, column: position.end.column },
    };
  });
}
