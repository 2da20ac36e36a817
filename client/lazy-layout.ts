// Lazy layout: on a fresh load, the article's blocks below the first screen are laid out
// only as they come near the viewport (client/styles/content.css), so a long page paints sooner.
// Until laid out, such a block has an estimated height, so nothing may scroll to a place further
// down while it is on: a head script (worker/render/inline-scripts.ts) turns it on only for a plain
// load without a fragment, and off before anything scrolls to a fragment.

import { lazyLayoutClass } from './contract/browser-names.ts';

/** Lays out the whole page from now on, so that positions further down are exact. */
export function layOutWholePage(): void {
  document.documentElement.classList.remove(lazyLayoutClass);
}
