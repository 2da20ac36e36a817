// Browser entry: hydrate the server-rendered page.

import { lazy } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import type { BootData } from './model.ts';
import 'nprogress/nprogress.css';
import './styles/index.css';

// Only /search needs it: its chunk loads there, and hydration waits for it without
// touching the server-rendered results.
const SearchPage = lazy(() => import('./components/SearchPage.tsx').then((module) => ({ default: module.SearchPage })));

const bootElement = document.getElementById('__boot');
const root = document.getElementById('__root');
if (bootElement && root) {
  const boot = JSON.parse(bootElement.textContent ?? '{}') as BootData;
  hydrateRoot(root, <App boot={boot} searchPage={SearchPage} />, {
    onRecoverableError: (error) => console.warn('Hydration recovered from an error:', error),
  });
}
