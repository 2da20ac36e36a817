// The brand font never holds back a first paint. A page is served in the web font only when the
// browser already has it: the worker reads the cookie set here and marks <html class="web-font">.
// On a first visit the page paints in the metric-matched fallback (and keeps it, so nothing
// moves); once the page is idle, the font file is fetched into the cache for the next page load.
// A chunk of its own, loaded after hydration, only by readers who do not have the font yet.

/** Fetch the font when the page is idle; `remember` records that the browser has it. */
export function fetchWebFontForLater(remember: () => void): void {
  if (!('fonts' in document)) return;
  const load = () =>
    document.fonts
      .load('1em "Plus Jakarta Sans Variable"')
      .then((faces) => faces.length > 0 && remember())
      .catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(() => void load(), { timeout: 4000 });
  else setTimeout(() => void load(), 2000);
}
