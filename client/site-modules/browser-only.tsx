// `@docusaurus/BrowserOnly`: the fallback in the build's render and while hydrating, then what
// its children function returns.

import type { ReactNode } from 'react';
import useIsBrowser from './use-is-browser.ts';

export default function BrowserOnly({ children, fallback }: { children: () => ReactNode; fallback?: ReactNode }) {
  return useIsBrowser() ? children() : (fallback ?? null);
}
