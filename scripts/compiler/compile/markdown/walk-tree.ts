// A depth-first walk over a unist tree (mdast or hast) for the build's own plugins, in the order
// and with the replacement rules of unist-util-visit. That library names a function for every node
// it visits (for its debugger output), which made its walks about a tenth of a page's compile time.

import type { Node, Parent } from 'unist';

/**
 * What `enter` returns: nothing to go on, the index in the parent to go on at (after the
 * visitor replaced or removed siblings), as unist-util-visit takes it, or `skipChildren`.
 */
export type WalkResult = number | typeof skipChildren | undefined | void;

/** Returned by `enter`: the node's children are not walked (unist-util-visit's SKIP). */
export const skipChildren = Symbol('skip children');

/**
 * Calls `enter` on `tree` and every node below it, parents before their children. As with
 * unist-util-visit, the children walked are those of the node `enter` was given, even when it put
 * another node in its place, and a returned index is where the walk of the parent goes on.
 */
export function walkTree(
  tree: Node,
  enter: (node: Node, index: number | undefined, parent: Parent | undefined) => WalkResult,
): void {
  walkNode(tree, undefined, undefined, enter);
}

function walkNode(
  node: Node,
  index: number | undefined,
  parent: Parent | undefined,
  enter: (node: Node, index: number | undefined, parent: Parent | undefined) => WalkResult,
): WalkResult {
  const result = enter(node, index, parent);
  if (result === skipChildren) return undefined;
  const walked = node as Partial<Parent>;
  // Read live, as visitors may splice the list or give the node a new one.
  for (let offset = 0; walked.children && offset >= 0 && offset < walked.children.length;) {
    const next = walkNode(walked.children[offset]!, offset, node as Parent, enter);
    offset = typeof next === 'number' ? next : offset + 1;
  }
  return result;
}

/** Calls `enter` on every hast element of `tree`, parents first. */
export function walkElements<E extends Node>(tree: Node, enter: (element: E) => void): void {
  walkTree(tree, (node) => {
    if (node.type === 'element') enter(node as E);
  });
}
