// `useWindowSize` of `@docusaurus/theme-common`: 'ssr' in the build's render and while hydrating
// (so the two agree), then 'desktop' or 'mobile' by Docusaurus's breakpoint, following resizes.

import { useSyncExternalStore } from 'react';

export type WindowSize = 'desktop' | 'mobile' | 'ssr';

const defaultBreakpoint = 996;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useWindowSize({
  desktopBreakpoint = defaultBreakpoint,
}: { desktopBreakpoint?: number } = {}): WindowSize {
  return useSyncExternalStore(
    subscribe,
    () => (window.innerWidth > desktopBreakpoint ? 'desktop' : 'mobile'),
    () => 'ssr',
  );
}
