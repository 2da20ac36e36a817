// Browser entry: hydrate the layout around the server-rendered page. The doc page itself is not
// hydrated: React keeps the server's markup as it is, and its controls work through listeners on
// the document (page-widgets.ts).

import { lazy } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { listenToPageWidgets } from './page-widgets.ts';
import type { BootData } from './model.ts';

// Only /search needs it: its chunk loads there, and hydration waits for it without
// touching the server-rendered results.
const SearchPage = lazy(() => import('./components/SearchPage.tsx').then((module) => ({ default: module.SearchPage })));

listenToPageWidgets();
const bootElement = document.getElementById('__boot');
const root = document.getElementById('__root');
if (bootElement && root) {
  const boot = JSON.parse(bootElement.textContent ?? '{}') as BootData;
  // The doc page is read once, before hydration. Should React ever render the whole tree anew
  // (after a hydration mismatch elsewhere), it writes the same markup back; else it never touches it.
  const docPage = root.querySelector('#__main > .doc-page');
  const serverPage = docPage ? { className: docPage.className, markup: { __html: docPage.innerHTML } } : undefined;
  hydrateRoot(root, <App boot={boot} searchPage={SearchPage} serverPage={serverPage} />, {
    onRecoverableError: (error) => console.warn('Hydration recovered from an error:', error),
  });
  // The site's interactive components in the article, each from its own chunk. The code that
  // hydrates them comes with DocPage's, which renders them after a navigation: one lazy chunk
  // for both, so the entry's chunks stay as they are for pages without islands.
  const islands = boot.page?.islandAssets;
  if (islands) void import('./components/DocPage.tsx').then((module) => module.hydrateIslands(islands, hydrateRoot));
}
