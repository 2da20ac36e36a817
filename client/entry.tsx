// Browser entry: hydrate the layout around the server-rendered page. The doc page itself is not
// hydrated: React keeps the server's markup as it is, and its controls work through listeners on
// the document (page-widgets.ts).

import { lazy, startTransition, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { islandImporter } from './islands/importer.ts';
import { listenToPageWidgets } from './page-widgets.ts';
import type { BootData } from './model.ts';

// Only /search needs it: its chunk loads there, and hydration waits for it without
// touching the server-rendered results. Likewise the 404, 500 and 503 pages.
const SearchPage = lazy(() => import('./components/SearchPage.tsx').then((module) => ({ default: module.SearchPage })));
const StatusPage = lazy(() =>
  import('./components/StatusPages.tsx').then((module) => ({ default: module.StatusPage })),
);

listenToPageWidgets();
islandImporter.load = (url) => import(/* @vite-ignore */ url);
const bootElement = document.getElementById('__boot');
const root = document.getElementById('__root');
if (bootElement && root) hydrate(JSON.parse(bootElement.textContent ?? '{}') as BootData, root);

function hydrate(boot: BootData, root: HTMLElement): void {
  // The doc page is read once, before hydration. Should React ever render the whole tree anew
  // (after a hydration mismatch elsewhere), it writes the same markup back; else it never touches it.
  const docPage = root.querySelector('#__main > .doc-page');
  const serverPage = docPage ? { className: docPage.className, markup: { __html: docPage.innerHTML } } : undefined;
  // The sidebar likewise: React renders one only from the first navigation on.
  const sidebar = boot.sidebar ? root.querySelector('aside.doc-sidebar') : null;
  const serverSidebar = sidebar ? { __html: sidebar.innerHTML } : undefined;
  // As a transition, React hydrates in slices of a few milliseconds and lets the browser handle
  // input between them, instead of one long task; a click on a control not yet hydrated is
  // replayed once it is.
  startTransition(() => {
    hydrateRoot(
      root,
      <App
        boot={boot}
        searchPage={SearchPage}
        statusPage={StatusPage}
        serverPage={serverPage}
        serverSidebar={serverSidebar}
        chrome={{
          logo: kept(root.querySelector('.navbar-brand')),
          searchButton: kept(root.querySelector('.search-button')),
          footerSocial: kept(root.querySelector('.footer-social')),
          footerBottom: kept(root.querySelector('.footer-bottom')),
        }}
      />,
      { onRecoverableError: (error) => console.warn('Hydration recovered from an error:', error) },
    );
  });
  // The site's interactive components in the article, each from its own chunk. The code that
  // hydrates them comes with DocPage's, which renders them after a navigation: one lazy chunk
  // for both, so the entry's chunks stay as they are for pages without islands.
  const islands = boot.page?.islandAssets;
  if (islands) void import('./components/DocPage.tsx').then((module) => module.hydrateIslands(islands, hydrateRoot));
}

/**
 * A server-rendered element React keeps as it is: the same tag and attributes, its content read
 * once (a stable object, so no render writes it again). Attributes pass as strings, so the
 * elements kept this way carry no `style`.
 */
function kept(element: Element | null): ReactNode {
  if (!element) return null;
  const Tag = element.localName as 'div';
  const props: Record<string, string> = {};
  for (const { name, value } of element.attributes) props[name === 'class' ? 'className' : name] = value;
  return <Tag {...props} dangerouslySetInnerHTML={{ __html: element.innerHTML }} suppressHydrationWarning />;
}
