// `@docusaurus/useIsBrowser`: false in the build's render and in the hydrating render (so the two
// agree), true once the component is on screen in the browser.

import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export default function useIsBrowser(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
