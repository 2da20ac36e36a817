// React takes the page over: the layout around the server-rendered page is hydrated, on the
// reader's first intent (entry.tsx), or at once on a page that needs React to work at all. The
// doc page itself is not hydrated: React keeps the server's markup as it is, and its controls work
// through listeners on the document (page-widgets.ts).

import { lazy, startTransition, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App, type AppHandle } from './App.tsx';
import { islandImporter } from './islands/importer.ts';
import type { BootData } from './contract/boot.ts';
import type { ThemeStore } from './theme-control.ts';

// Only /search needs it: its chunk loads there, and hydration waits for it without
// touching the server-rendered results. Likewise the 404, 500 and 503 pages.
const SearchPage = lazy(() => import('./components/SearchPage.tsx').then((module) => ({ default: module.SearchPage })));
const StatusPage = lazy(() =>
  import('./components/StatusPages.tsx').then((module) => ({ default: module.StatusPage })),
);

export interface TakeOverFrom {
  boot: BootData;
  root: HTMLElement;
  /** The colour mode as the reader may have changed it before React came. */
  theme: ThemeStore;
  /** The link whose pointer, focus or touch brought React in. */
  intent?: Element | null;
}

/** Hydrates the page as the reader has it now; resolves once React has taken it over. */
export function takeOver({ boot, root, theme, intent }: TakeOverFrom): Promise<AppHandle> {
  islandImporter.load = (url) => import(/* @vite-ignore */ url);
  // The doc page is read once, before hydration. Should React ever render the whole tree anew
  // (after a hydration mismatch elsewhere), it writes the same markup back; else it never touches it.
  const docPage = root.querySelector('#__main > .doc-page');
  const serverPage = docPage ? { className: docPage.className, markup: { __html: docPage.innerHTML } } : undefined;
  // The sidebar likewise, with the categories the reader opened or closed: React renders one only
  // from the first navigation on.
  const sidebar = boot.sidebar ? root.querySelector('aside.doc-sidebar') : null;
  const serverSidebar = sidebar ? { __html: sidebar.innerHTML } : undefined;
  // The first render must be the page as it is: a bar the reader closed stays closed.
  const now = {
    ...boot,
    announcementDismissed: boot.announcementDismissed || !root.querySelector('.announcement-bar'),
  };
  theme.handOver();
  const tookOver = new Promise<AppHandle>((connect) => {
    // As a transition, React hydrates in slices of a few milliseconds and lets the browser handle
    // input between them, instead of one long task.
    startTransition(() => {
      hydrateRoot(
        root,
        <App
          boot={now}
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
          theme={theme}
          intent={intent}
          connect={connect}
        />,
        { onRecoverableError: (error) => console.warn('Hydration recovered from an error:', error) },
      );
    });
  });
  // The site's interactive components in the article, each from its own chunk. The code that
  // hydrates them comes with DocPage's, which renders them after a navigation: one lazy chunk
  // for both, so this chunk stays as it is for pages without islands.
  const islands = boot.page?.islandAssets;
  if (islands) void import('./components/DocPage.tsx').then((module) => module.hydrateIslands(islands, hydrateRoot));
  return tookOver.then((app) => {
    document.documentElement.dataset.react = 'true';
    return app;
  });
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
