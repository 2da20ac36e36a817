// A custom page of `src/pages/` (PageData layout `page`): under the navbar, without the docs'
// sidebar, breadcrumbs, version badge or previous/next. A Markdown page reads like an article,
// with its TOC beside it; a React page is its own layout (one island), drawn edge to edge.

import type { PageData } from '../contract/page.ts';
import { renderTree } from '../render-tree.tsx';
import { IslandAssetsContext, pageComponents } from '../islands/Island.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Toc } from './Toc.tsx';

export function CustomPage({ page }: { page: PageData }) {
  const content = (
    <ErrorBoundary resetKey={page.route}>
      <IslandAssetsContext value={page.islandAssets ?? {}}>{renderTree(page.tree, pageComponents)}</IslandAssetsContext>
    </ErrorBoundary>
  );
  // `doc-page` as every page's element: the take-over keeps the server's markup by that class.
  if (page.layout === 'component') return <div className="doc-page custom-page-component">{content}</div>;
  const showToc = !page.hideTableOfContents && page.toc.length > 0;
  return (
    <div className={`doc-page custom-page-article${showToc ? ' doc-page-with-toc' : ''}`}>
      <div className="doc-main">
        <article className="doc-article">
          {showToc ? <Toc toc={page.toc} /> : null}
          <div className="markdown">{content}</div>
        </article>
      </div>
    </div>
  );
}
