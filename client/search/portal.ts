// createPortal for the search modal's chunk (DocSearch's and ours), handed over by the first load.
// Were that chunk to import react-dom itself, react-dom's small module would become a chunk of its
// own that the first load fetches too (0.5 KB gzip more than inside the entry): the client bundle
// points the modal's `react-dom` imports here (scripts/build/client-bundle.ts).

import type { createPortal as CreatePortal } from 'react-dom';

let given: typeof CreatePortal | undefined;

/** Called by the search button with react-dom's own function, before the modal first renders. */
export function givePortal(createPortal: typeof CreatePortal): void {
  given = createPortal;
}

export const createPortal: typeof CreatePortal = (...args) => {
  if (!given) throw new Error('The search modal rendered before the search button gave it createPortal');
  return given(...args);
};
