// The shapes of a site component ("island") as they cross from the build to the worker and the
// browser. The build renders each one to HTML; the browser loads its code only when it is
// interactive, and only on pages that use it.

import type { TreeElement, TreeNode } from './page.ts';
import type { DocContext } from './doc-context.ts';

/**
 * The tree element type of an island. JSX cannot write a name starting with `#`, so a page can
 * never make one of its own (the element carries raw HTML).
 */
export const islandTag = '#island';

/** The props of an island element of the tree: `{ t: islandTag, p: IslandProps }`. */
export interface IslandProps extends Record<string, unknown> {
  /** The component's module, relative to the site folder (`src/components/Counter.jsx`). */
  island: string;
  /** The export of that module the page used (`default`, or a named export). */
  export: string;
  /** The props the page gave it: data, with MDX content as `{ $content: TreeNode[] }`. */
  props: Record<string, unknown>;
  /** What the component rendered at build time. */
  html: string;
  /** The doc the component read while it rendered (`useDoc()`, the sidebar hooks), for the browser's render. */
  doc?: DocContext;
}

/** An island's component in its loaded module: the export, or a member of it (`Terms.Ledger`). */
export function exportedComponent<T>(module: Record<string, unknown>, name: string): T | undefined {
  return name
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], module) as T | undefined;
}

export function isIsland(node: TreeNode): node is TreeElement & { p: IslandProps } {
  return typeof node === 'object' && node.t === islandTag;
}

/**
 * Calls `visit` with each island of the tree, the innermost first: those in its children, in
 * content props (`{ $content }`) of any element and in the props of other islands.
 */
export function forEachIsland(nodes: TreeNode[], visit: (island: TreeElement & { p: IslandProps }) => void): void {
  for (const node of nodes) {
    if (typeof node !== 'object') continue;
    if (node.c) forEachIsland(node.c, visit);
    if (!isIsland(node)) {
      if (node.p) islandsInProps(node.p, visit);
    } else {
      islandsInProps(node.p.props, visit);
      visit(node);
    }
  }
}

// A function of its own, not a closure made for every list walked: the build walks every page.
function islandsInProps(props: Record<string, unknown>, visit: (island: TreeElement & { p: IslandProps }) => void) {
  for (const key in props) {
    const content = (props[key] as { $content?: unknown } | null | undefined)?.$content;
    if (Array.isArray(content)) forEachIsland(content as TreeNode[], visit);
  }
}

/** The island modules a page's tree uses, each once. */
export function islandsOf(tree: TreeNode[]): string[] {
  const found = new Set<string>();
  forEachIsland(tree, (island) => found.add(island.p.island));
  return [...found];
}

/**
 * What a page gave an island as children, as page content: what the Markdown export and search
 * read of it (the rest of its HTML is the component's, not the page's text).
 */
export function islandChildren(island: TreeElement & { p: IslandProps }): TreeNode[] {
  const children = island.p.props.children;
  if (typeof children === 'string') return [children];
  const content = (children as { $content?: unknown } | null | undefined)?.$content;
  return Array.isArray(content) ? (content as TreeNode[]) : [];
}
