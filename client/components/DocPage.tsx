// One doc page: breadcrumbs, title, content, previous/next, and the TOC beside it.

import type { ReactNode } from 'react';
import type { PageSummary } from '../model.ts';
import { CopyPage } from './CopyPage.tsx';
import { Icon } from './Icons.tsx';
import { TocDesktop, TocMobile } from './Toc.tsx';

/** The article's markup as the server sent it, kept by React as it is (a stable object: see App). */
export interface ServerMarkup {
  __html: string;
}

export interface DocPageProps {
  page: PageSummary;
  /** The article as React elements (server render, and pages shown by client-side navigation). */
  article?: ReactNode;
  /** Or, on the first load in the browser, the server's markup, which React neither hydrates nor touches. */
  serverArticle?: ServerMarkup;
  versionLabel: string;
}

export function DocPage({ page, article, serverArticle, versionLabel }: DocPageProps) {
  const showToc = !page.hideTableOfContents && page.toc.length > 0;
  // The home page is the root of every trail; it needs no trail of its own.
  const showBreadcrumbs = page.breadcrumbs.length > 0 && page.route !== '/';
  return (
    <div className={`doc-page${showToc ? ' doc-page-with-toc' : ''}`}>
      <div className="doc-main">
        <article className="doc-article">
          {showBreadcrumbs ? (
            <nav className="breadcrumbs" aria-label="Breadcrumbs">
              <ol>
                <li>
                  <a href="/" className="breadcrumb-home" aria-label="Home page">
                    <Icon name="home" small />
                  </a>
                </li>
                {page.breadcrumbs.map((crumb, index) => (
                  <li
                    key={`${crumb.label}-${index}`}
                    className={index === page.breadcrumbs.length - 1 ? 'breadcrumb-active' : undefined}
                  >
                    {crumb.href && index < page.breadcrumbs.length - 1 ? (
                      <a href={crumb.href}>{crumb.label}</a>
                    ) : (
                      <span aria-current={index === page.breadcrumbs.length - 1 ? 'page' : undefined}>
                        {crumb.label}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          {showBreadcrumbs ? <span className="version-badge">Version: {versionLabel}</span> : null}
          {showToc ? <TocMobile toc={page.toc} /> : null}
          <CopyPage route={page.route} />
          {serverArticle ? (
            <div key="server" className="markdown" dangerouslySetInnerHTML={serverArticle} suppressHydrationWarning />
          ) : (
            <div key={page.route} className="markdown">
              {article}
            </div>
          )}
        </article>
        {page.previous || page.next ? (
          <nav className="pagination-nav" aria-label="Docs pages">
            {page.previous ? (
              <a className="pagination-link pagination-prev" href={page.previous.href} rel="prev">
                <span className="pagination-sublabel">Previous</span>
                <span className="pagination-label">« {page.previous.title}</span>
              </a>
            ) : (
              <span />
            )}
            {page.next ? (
              <a className="pagination-link pagination-next" href={page.next.href} rel="next">
                <span className="pagination-sublabel">Next</span>
                <span className="pagination-label">{page.next.title} »</span>
              </a>
            ) : null}
          </nav>
        ) : null}
      </div>
      {showToc ? (
        <aside className="doc-toc">
          <TocDesktop toc={page.toc} />
        </aside>
      ) : null}
    </div>
  );
}
