// An island's props as React takes them, in the build's render and in the browser alike: MDX
// content (`{ $content }`) becomes React elements, data stays as it is.

import type { TreeNode } from '../contract/page.ts';
import { docContextKey, type DocContext } from '../contract/doc-context.ts';
import { renderTree, type ComponentRegistry } from '../render-tree.tsx';

export function islandElementProps(
  props: Record<string, unknown>,
  components: ComponentRegistry,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(props).map(([name, value]) => {
      const content = (value as { $content?: unknown } | null)?.$content;
      if (!Array.isArray(content)) return [name, value];
      const nodes = renderTree(content as TreeNode[], components);
      // One child is given alone, as MDX gives it: `Children.only(children)` and
      // `children.props` work as the component's author expects.
      return [name, nodes.length === 1 ? nodes[0] : nodes];
    }),
  );
}

/**
 * The doc an island was rendered with (IslandProps.doc), where its hooks read it in the browser as
 * at build time (client/site-modules/doc-hooks.ts). Every island of a page has the same doc.
 */
export function provideDoc(doc: DocContext): void {
  (globalThis as { [docContextKey]?: DocContext })[docContextKey] = doc;
}
