// The brand font never holds back a first paint. A page is served in the web font only when the
// browser already has it (the worker reads the cookie set here and marks <html class="web-font">).
// On a first visit the page paints in the metric-matched fallback, and once it is idle the font
// file is fetched into the cache for the next page load.

import { webFontCookie } from './model.ts';
import { writeCookie } from './preferences.ts';

const family = '1em "Plus Jakarta Sans Variable"';

let fetched = false;

/** Fetch the font for later pages; this page keeps the face it painted with. */
export function fetchWebFontForLater(): void {
  if (document.documentElement.classList.contains('web-font') || !('fonts' in document)) return;
  const load = () =>
    document.fonts
      .load(family)
      .then((faces) => {
        if (faces.length === 0) return;
        fetched = true;
        writeCookie(webFontCookie, '1');
      })
      .catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(() => void load(), { timeout: 4000 });
  else setTimeout(() => void load(), 2000);
}

/**
 * At a client-side navigation the whole page changes anyway, so the font can come in with the
 * new page without moving anything the reader was looking at.
 */
export function showWebFontIfFetched(): void {
  if (fetched) document.documentElement.classList.add('web-font');
}
