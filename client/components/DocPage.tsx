// One doc page: breadcrumbs, table of contents, title, content, edit link, previous/next. The server
// renders it into the HTML, where the browser keeps it as it is (client/page-widgets.ts gives
// its controls their behaviour); the browser renders it only for a page that client-side
// navigation loaded, so there it is a chunk of its own, fetched with the first page data.

import type { PageData } from '../contract/page.ts';
import { renderTree } from '../render-tree.tsx';
import { IslandAssetsContext, pageComponents } from '../islands/Island.tsx';
import { CopyPage } from './CopyPage.tsx';
import { CustomPage } from './CustomPage.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Icon } from './Icons.tsx';
import { Toc } from './Toc.tsx';
import { VersionBanner } from './VersionBanner.tsx';
import { BlogPage } from './blog/BlogPage.tsx';
import { useSite } from '../context.ts';
import { findVersion } from '../contract/versions.ts';
import { pageHref } from '../contract/urls.ts';

// The take-over's hydration of islands shares this chunk (client/take-over.tsx).
export { hydrateIslands } from '../islands/hydrate.ts';
// So does the CSS a page rendered here needs.
export { loadPageStyles } from '../style-loader.ts';

export function DocPage({ page }: { page: PageData }) {
  const { site } = useSite();
  if (page.layout === 'page' || page.layout === 'component') return <CustomPage page={page} />;
  if (page.blog) return <BlogPage page={page} />;
  // Older format (a page without `version`): goes once every kept build records `formats` (contract/storage.ts).
  // A page of an older build names no version: it is the current docs.
  const versionLabel = findVersion(site, page.version)?.label ?? site.docs.versionLabel;
  const firstElement = page.tree.find((node) => typeof node === 'object');
  const startsWithH1 = typeof firstElement === 'object' && firstElement.t === 'h1';
  const showToc = !page.hideTableOfContents && page.toc.length > 0;
  // The home page is the root of every trail; it needs no trail of its own.
  const showBreadcrumbs = page.breadcrumbs.length > 0 && page.route !== '/';
  const lastUpdated = site.docs.showLastUpdateTime ? lastUpdate(page.lastModified) : undefined;
  return (
    <div className={`doc-page${showToc ? ' doc-page-with-toc' : ''}`}>
      <div className="doc-main">
        <article className="doc-article">
          <VersionBanner page={page} />
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
                      <a href={pageHref(crumb.href, site.trailingSlash)}>{crumb.label}</a>
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
          {showToc ? <Toc toc={page.toc} /> : null}
          <CopyPage route={page.route} />
          <div className="markdown">
            <ErrorBoundary resetKey={page.route}>
              {!page.hideTitle && !startsWithH1 ? <h1>{page.title}</h1> : null}
              <IslandAssetsContext value={page.islandAssets ?? {}}>
                {renderTree(page.tree, pageComponents)}
              </IslandAssetsContext>
            </ErrorBoundary>
          </div>
          {page.editUrl || lastUpdated ? (
            <footer className="doc-footer">
              {page.editUrl ? (
                <a className="theme-edit-this-page" href={page.editUrl} target="_blank" rel="noopener noreferrer">
                  Edit this page
                </a>
              ) : null}
              {lastUpdated ? (
                <span className="theme-last-updated">
                  Last updated on <time dateTime={lastUpdated.iso}>{lastUpdated.text}</time>
                </span>
              ) : null}
            </footer>
          ) : null}
        </article>
        {page.previous || page.next ? (
          <nav className="pagination-nav" aria-label="Docs pages">
            {page.previous ? (
              <a
                className="pagination-link pagination-prev"
                href={pageHref(page.previous.href, site.trailingSlash)}
                rel="prev"
              >
                <span className="pagination-sublabel">Previous</span>
                <span className="pagination-label">« {page.previous.title}</span>
              </a>
            ) : (
              <span />
            )}
            {page.next ? (
              <a
                className="pagination-link pagination-next"
                href={pageHref(page.next.href, site.trailingSlash)}
                rel="next"
              >
                <span className="pagination-sublabel">Next</span>
                <span className="pagination-label">{page.next.title} »</span>
              </a>
            ) : null}
          </nav>
        ) : null}
      </div>
    </div>
  );
}

// One format in UTC, so the server's text and a client-side render are the same.
const updateDate = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Nov 28, 2026" for a page's last commit date, as Docusaurus writes it; nothing when unknown. */
function lastUpdate(iso: string | undefined): { iso: string; text: string } | undefined {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? { iso: date.toISOString(), text: updateDate.format(date) } : undefined;
}
