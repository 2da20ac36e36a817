// Browser entry: hydrate the server-rendered page. The article is not hydrated: React keeps
// the server's markup as it is, and the widgets inside it work by event delegation.

import { lazy } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { listenToContentWidgets } from './content-widgets.ts';
import type { BootData } from './model.ts';
import 'nprogress/nprogress.css';
import './styles/index.css';

// Only /search needs it: its chunk loads there, and hydration waits for it without
// touching the server-rendered results.
const SearchPage = lazy(() => import('./components/SearchPage.tsx').then((module) => ({ default: module.SearchPage })));

listenToContentWidgets();
const bootElement = document.getElementById('__boot');
const root = document.getElementById('__root');
if (bootElement && root) {
  const boot = JSON.parse(bootElement.textContent ?? '{}') as BootData;
  // Read once, before hydration. Should React ever render the page anew (a hydration
  // mismatch elsewhere), it writes the same markup back; otherwise it never touches it.
  const article = root.querySelector('#__main .markdown');
  const serverArticle = article ? { __html: article.innerHTML } : undefined;
  hydrateRoot(root, <App boot={boot} searchPage={SearchPage} serverArticle={serverArticle} />, {
    onRecoverableError: (error) => console.warn('Hydration recovered from an error:', error),
  });
}
