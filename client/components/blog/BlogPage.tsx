// A page of the blog: a post, or a list, tag, author or archive page. The build made its content
// (post headers, previews, pagination) into its tree; this is the layout around it: the blog
// sidebar of recent posts on the left instead of the docs sidebar, the post's table of contents on
// the right.

import type { PageData } from '../../contract/page.ts';
import { renderTree } from '../../render-tree.tsx';
import { IslandAssetsContext, pageComponents } from '../../islands/Island.tsx';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import { Toc } from '../Toc.tsx';
import { useSite } from '../../context.ts';
import { pageHref } from '../../contract/urls.ts';

export function BlogPage({ page }: { page: PageData }) {
  const { site } = useSite();
  const sidebar = page.blog?.sidebar;
  const showToc = !page.hideTableOfContents && page.toc.length > 0;
  return (
    <div className={`doc-page blog-layout${showToc ? ' doc-page-with-toc' : ''}`}>
      {sidebar ? (
        <nav className="blog-sidebar" aria-label="Blog recent posts navigation">
          <p className="blog-sidebar-title">{sidebar.title}</p>
          <ul className="blog-sidebar-list">
            {sidebar.items.map((item) => (
              <li key={item.href}>
                <a
                  href={pageHref(item.href, site.trailingSlash)}
                  className={item.href === page.route ? 'blog-sidebar-link-active' : undefined}
                  aria-current={item.href === page.route ? 'page' : undefined}
                >
                  {item.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="doc-main blog-main">
        {showToc ? <Toc toc={page.toc} /> : null}
        <ErrorBoundary resetKey={page.route}>
          <IslandAssetsContext value={page.islandAssets ?? {}}>
            {/* A post is one article: its tree starts with its title, then its header, text and tags. */}
            {page.blog?.kind === 'post' ? (
              <article className="markdown blog-post">{renderTree(page.tree, pageComponents)}</article>
            ) : (
              <div className="markdown">{renderTree(page.tree, pageComponents)}</div>
            )}
          </IslandAssetsContext>
        </ErrorBoundary>
      </div>
    </div>
  );
}
