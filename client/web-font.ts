// The brand font never holds back a first paint. A page is served in the web font only when the
// browser already has it: the worker reads the cookie set here, marks <html class="web-font"> and
// inlines the font's faces. On a first visit the page paints in the metric-matched fallback (and
// keeps it, so nothing moves); once the page is idle, the font file is fetched into the HTTP cache
// for the next page load. It is fetched, not loaded as a face: a face added to the document makes
// the browser lay out all its text again, a long task on a long page, for a font it does not show.
// A chunk of its own, loaded after hydration, only by readers who do not have the font yet.

import { styleFilesOfDocument } from './style-loader.ts';

/** The style group that declares the web font's faces (scripts/compiler/assets/stylesheet-groups.ts). */
const webFontGroup = 'web-font';

/** Fetch the font when the page is idle; `remember` records that the browser has it. */
export function fetchWebFontForLater(remember: () => void): void {
  const load = () =>
    fetchLatinFace()
      .then((fetched) => fetched && remember())
      .catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(() => void load(), { timeout: 4000 });
  else setTimeout(() => void load(), 2000);
}

/**
 * Fetches the file of the faces' first subset (web-font.css lists Latin first): the one every page
 * uses. The others arrive, if a page needs them, on that page. Resolves whether it is cached now.
 */
async function fetchLatinFace(): Promise<boolean> {
  const href = styleFilesOfDocument()?.[webFontGroup];
  if (!href) return false;
  const faces = await fetch(href);
  if (!faces.ok) return false;
  const file = /url\(["']?([^"')]+)/.exec(await faces.text())?.[1];
  if (!file) return false;
  const font = await fetch(file);
  if (!font.ok) return false;
  await font.arrayBuffer();
  return true;
}
