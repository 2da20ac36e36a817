// What opening the search modal takes besides its component: its stylesheet, and createPortal
// handed over by the first load. A lazy module beside the modal, so the search button in the first
// load carries only the import of it.
//
// Why the hand-over: were the modal's chunk to import react-dom itself, react-dom's small module
// would become a chunk of its own that the first load fetches too (0.5 KB gzip more than inside the
// entry), so the client bundle points the modal's `react-dom` imports here
// (scripts/build/client-bundle.ts).

import type { ComponentType } from 'react';
import type { createPortal as CreatePortal } from 'react-dom';
import { SearchModal, type SearchModalProps } from './SearchModal.tsx';

let given: typeof CreatePortal | undefined;

export const createPortal: typeof CreatePortal = (...args) => {
  if (!given) throw new Error('The search modal rendered before the search button gave it createPortal');
  return given(...args);
};

/** The modal component, once its stylesheet has loaded (or failed to: that must not keep search closed). */
export async function loadModal(
  styleHref: string | undefined,
  portal: typeof CreatePortal,
): Promise<ComponentType<SearchModalProps>> {
  given = portal;
  if (styleHref)
    await new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = styleHref;
      link.onload = link.onerror = () => resolve();
      document.head.appendChild(link);
    });
  return SearchModal;
}
