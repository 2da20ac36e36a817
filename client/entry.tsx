// Browser entry: hydrate the server-rendered page.

import { hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import type { BootData } from './model.ts';
import 'nprogress/nprogress.css';
import './styles/index.css';

const bootElement = document.getElementById('__boot');
const root = document.getElementById('__root');
if (bootElement && root) {
  const boot = JSON.parse(bootElement.textContent ?? '{}') as BootData;
  hydrateRoot(root, <App boot={boot} />, {
    onRecoverableError: (error) => console.warn('Hydration recovered from an error:', error),
  });
}
