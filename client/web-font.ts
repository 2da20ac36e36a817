// The brand font never holds back a first paint: a page shows the web font only when the browser
// already has it (the head's inline script turns on `html.web-font` from the flag kept here; see
// worker/render/inline-scripts.ts). On a first visit the page paints in the metric-matched
// fallback, and once it is idle the font file is fetched into the cache for the next page load.

const flagKey = 'self-web-font';
const family = '1em "Plus Jakarta Sans Variable"';

let loaded = false;

/** Fetch the font for later pages; this page keeps the face it painted with. */
export function fetchWebFontForLater(): void {
  if (document.documentElement.classList.contains('web-font') || !('fonts' in document)) return;
  const load = () =>
    document.fonts
      .load(family)
      .then((faces) => {
        if (faces.length === 0) return;
        loaded = true;
        localStorage.setItem(flagKey, '1');
      })
      .catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(() => void load(), { timeout: 4000 });
  else setTimeout(() => void load(), 2000);
}

/**
 * At a client-side navigation the whole page changes anyway, so the font the reader asked for
 * by clicking can come in with the new page without moving anything they were reading.
 */
export function showWebFontIfFetched(): void {
  if (loaded) document.documentElement.classList.add('web-font');
}
