// Site components ("islands") are rendered here, in Node with React, once the page's tree is
// built: the worker holds no site code, so what it serves of them is this HTML. The browser
// hydrates the interactive ones (client/islands/hydrate.ts). Content the page gives a component
// (its MDX children) is rendered by the same renderer the worker uses for the rest of the page.

import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { forEachIsland, type IslandProps } from '../../../../client/contract/islands.ts';
import { pageComponents } from '../../../../client/islands/Island.tsx';
import { islandElementProps } from '../../../../client/islands/island-props.ts';
import type { TreeNode } from '../../../../client/contract/page.ts';
import type { SourceDoc } from '../../sources/discover.ts';
import { BuildError } from '../../errors.ts';
import { pendingIsland, type PendingIsland } from './registry.ts';
import type { DocContext } from '../../../../client/contract/doc-context.ts';
import { docContextReadKey } from '../../../../client/site-modules/doc-hooks.ts';

type ReadFlag = { [docContextReadKey]?: boolean };

/**
 * Renders every island of `tree` in place (innermost first: an island may hold another in its
 * content). An island whose render read the doc (`useDoc()`, the sidebar hooks) keeps it, so the
 * browser renders it with the same doc; no other island carries it.
 */
export function renderIslands(tree: TreeNode[], doc: SourceDoc, docContext?: () => DocContext): TreeNode[] {
  const flag = globalThis as ReadFlag;
  forEachIsland(tree, (island) => {
    const pending = (island as unknown as Record<symbol, PendingIsland | undefined>)[pendingIsland];
    if (!pending) return;
    flag[docContextReadKey] = false;
    island.p.html = renderIsland(island.p, pending, doc);
    if (flag[docContextReadKey] && docContext) island.p.doc = docContext();
  });
  delete flag[docContextReadKey];
  return tree;
}

/**
 * React's server render starts with a preload of each image the component shows; hydrating the
 * island, the browser finds them where it expects the component's first element, and renders it
 * anew. The images load from the markup all the same.
 */
const resourceHints = /^(?:<link rel="preload" as="image"[^>]*\/>)+/;

function renderIsland(island: IslandProps, pending: PendingIsland, doc: SourceDoc): string {
  const name = pending.component.name || island.export;
  const props = islandElementProps(island.props, pageComponents);
  try {
    return renderToString(createElement(pending.component, props)).replace(resourceHints, '');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new BuildError(
      doc.relPath,
      doc.raw.split('\n').findIndex((line) => line.includes(`<${name}`)) + 1 || undefined,
      `the site component <${name}> (${island.island}) failed to render: ${message}`,
      `fix ${island.island} or the props this page gives it; it must render in Node without a browser (use useEffect or @docusaurus/BrowserOnly for browser-only code)`,
    );
  }
}
