// What opening the search modal takes besides its component: its stylesheet and a React root of
// its own. A lazy module beside the modal, so the first load carries only the import of it
// (client/open-search.ts); React comes with it (shared with the take-over's chunk).

import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { SearchModal, type SearchModalProps } from './SearchModal.tsx';

/** Resolves once the modal's stylesheet has loaded (or failed to: that must not keep search closed). */
export async function prepareModal(styleHref: string | undefined): Promise<void> {
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
export function showModal(props: Omit<SearchModalProps, 'onClose'>, closed: () => void): () => void {
  // The modal draws itself into the body through a portal: its root needs no place in the page.
  const root = createRoot(document.createElement('div'));
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
