// A page's article, its title and compiled content, as React elements. The server renders it
// into the HTML; the browser needs it only to show another page after client-side navigation,
// so there it is a chunk of its own, fetched with the first page data.

import type { ReactNode } from 'react';
import type { PageData } from '../model.ts';
import { renderTree } from '../render-tree.tsx';
import { contentComponents } from './content.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

export function renderArticle(page: PageData): ReactNode {
  const firstElement = page.tree.find((node) => typeof node === 'object');
  const startsWithH1 = typeof firstElement === 'object' && firstElement.t === 'h1';
  return (
    <ErrorBoundary resetKey={page.route}>
      {!page.hideTitle && !startsWithH1 ? <h1>{page.title}</h1> : null}
      {renderTree(page.tree, contentComponents)}
    </ErrorBoundary>
  );
}
