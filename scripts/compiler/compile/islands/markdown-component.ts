// What a site component gets when it imports Markdown (markdown-imports.ts): a React component
// that builds the file's page tree and renders it as pages are rendered, the site components
// inside it included. Runs in the build, where the page's `require` finds it.

import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { TreeElement, TreeNode } from '../../../../client/contract/page.ts';
import { forEachIsland, type IslandProps } from '../../../../client/contract/islands.ts';
import { pageComponents } from '../../../../client/islands/Island.tsx';
import { islandElementProps } from '../../../../client/islands/island-props.ts';
import { renderTree } from '../../../../client/render-tree.tsx';
import { pendingIsland, type PendingIsland } from './registry.ts';

type Content = (props: Record<string, unknown>) => unknown;

export function markdownComponent(content: Content): (props: Record<string, unknown>) => ReactNode {
  return function Markdown(props) {
    const tree = asNodes(content(props));
    // Site components inside the file: rendered now, as renderIslands does for a page.
    forEachIsland(tree, (island: TreeElement & { p: IslandProps }) => {
      const pending = (island as unknown as Record<symbol, PendingIsland | undefined>)[pendingIsland];
      if (pending && island.p.html === undefined) {
        const elementProps = islandElementProps(island.p.props, pageComponents);
        island.p.html = renderToString(createElement(pending.component, elementProps));
      }
    });
    return renderTree(tree, pageComponents);
  };
}

function asNodes(value: unknown): TreeNode[] {
  if (value === null || value === undefined || value === false) return [];
  if (Array.isArray(value)) return value.flatMap(asNodes);
  return [value as TreeNode];
}
