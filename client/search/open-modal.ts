// What opening the search modal takes besides its component: its stylesheet, a React root of its
// own, and createPortal handed over by the first load. A lazy module beside the modal, so the first
// load carries only the import of it (client/open-search.ts).
//
// Why the hand-over: were the modal's chunk to import react-dom itself, react-dom's small module
// would become a chunk of its own that the first load fetches too (0.5 KB gzip more than inside the
// entry), so the client bundle points the modal's `react-dom` imports here
// (scripts/build/client-bundle.ts). createRoot is handed over for the same reason.

import { createElement } from 'react';
import type { createPortal as CreatePortal } from 'react-dom';
import type { createRoot as CreateRoot } from 'react-dom/client';
import { SearchModal, type SearchModalProps } from './SearchModal.tsx';

let given: typeof CreatePortal | undefined;

export const createPortal: typeof CreatePortal = (...args) => {
  if (!given) throw new Error('The search modal rendered before the first load gave it createPortal');
  return given(...args);
};

/** Resolves once the modal's stylesheet has loaded (or failed to: that must not keep search closed). */
export async function prepareModal(styleHref: string | undefined, portal: typeof CreatePortal): Promise<void> {
  given = portal;
  if (styleHref)
    await new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = styleHref;
      link.onload = link.onerror = () => resolve();
      document.head.appendChild(link);
    });
}

/** Shows the modal; returns the function that closes it. `closed` runs once it has, however it closed. */
export function showModal(
  props: Omit<SearchModalProps, 'onClose'>,
  newRoot: typeof CreateRoot,
  closed: () => void,
): () => void {
  // The modal draws itself into the body through a portal: its root needs no place in the page.
  const root = newRoot(document.createElement('div'));
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    // After the event that closes it: the modal may be the one handling that event.
    queueMicrotask(() => root.unmount());
    closed();
  };
  root.render(createElement(SearchModal, { ...props, onClose: close }));
  return close;
}
