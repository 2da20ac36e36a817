// The build's own tree walk visits and replaces nodes as unist-util-visit does, which the
// plugins that moved to it (admonitions, npm2yarn, links, heading ids, TOC) were written against.

import type { Node, Parent } from 'unist';
import { describe, expect, it } from 'vitest';
import { SKIP, visit } from 'unist-util-visit';
import { skipChildren, walkTree } from '../../../../../../scripts/compiler/compile/markdown/walk-tree.ts';

interface TestNode extends Node {
  value?: string;
  children?: TestNode[];
}

const leaf = (value: string): TestNode => ({ type: 'text', value });
const parent = (type: string, children: TestNode[]): TestNode => ({ type, children });

/** A tree whose `unwrap` nodes are replaced by their children, and whose `swap` nodes by a paragraph. */
function fixture(): TestNode {
  return parent('root', [
    leaf('a'),
    parent('unwrap', [leaf('b'), parent('swap', [leaf('c')])]),
    parent('list', [parent('swap', [leaf('d')]), leaf('e')]),
  ]);
}

/** Records each node it meets and rewrites the tree as it goes, the way the build's plugins do. */
function rewriter(seen: string[]) {
  return (node: Node, index: number | undefined, found: Parent | undefined): number | undefined => {
    const current = node as TestNode;
    seen.push(`${current.type}${current.value ?? ''}@${index ?? '-'}`);
    if (!found || index === undefined) return undefined;
    if (current.type === 'unwrap') {
      found.children.splice(index, 1, ...(current.children ?? []));
      return index;
    }
    if (current.type === 'swap') found.children[index] = parent('paragraph', [...(current.children ?? [])]);
    return undefined;
  };
}

describe('walkTree', () => {
  it('meets the same nodes in the same order as unist-util-visit, replacements and all', () => {
    const expected: string[] = [];
    const expectedTree = fixture();
    visit(expectedTree, rewriter(expected));
    const seen: string[] = [];
    const tree = fixture();
    walkTree(tree, rewriter(seen));
    expect(seen).toEqual(expected);
    expect(tree).toEqual(expectedTree);
    // The unwrapped node's children are met twice: under it, then in its place.
    expect(seen.filter((entry) => entry.startsWith('textb'))).toHaveLength(2);
  });

  it('leaves the children of a node it is told to skip, as unist-util-visit does with SKIP', () => {
    const met = (walk: 'walkTree' | 'visit') => {
      const seen: string[] = [];
      const note = (node: Node) => {
        const current = node as TestNode;
        seen.push(`${current.type}${current.value ?? ''}`);
        return current.type === 'unwrap';
      };
      if (walk === 'visit') visit(fixture(), (node) => (note(node) ? SKIP : undefined));
      else walkTree(fixture(), (node) => (note(node) ? skipChildren : undefined));
      return seen;
    };
    expect(met('walkTree')).toEqual(met('visit'));
    expect(met('walkTree')).not.toContain('textb');
  });
});
