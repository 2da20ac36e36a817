// The brand font never holds back a first paint. A page is served in the web font only when the
// browser already has it: the worker reads the cookie set here, marks <html class="web-font"> and
// inlines the font's faces. On a first visit the page paints in the metric-matched fallback (and
// keeps it, so nothing moves); once the page is idle, the faces are linked and the font file is
// fetched into the cache for the next page load.
// A chunk of its own, loaded after hydration, only by readers who do not have the font yet.

import type { BootData } from './model.ts';

/** The style group that declares the web font's faces (scripts/build/style-groups.ts). */
const webFontGroup = 'web-font';

/** Fetch the font when the page is idle; `remember` records that the browser has it. */
export function fetchWebFontForLater(remember: () => void): void {
  if (!('fonts' in document)) return;
  const load = () =>
    linkFaces()
      .then(() => document.fonts.load('1em "Plus Jakarta Sans Variable"'))
      .then((faces) => faces.length > 0 && remember())
      .catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(() => void load(), { timeout: 4000 });
  else setTimeout(() => void load(), 2000);
}

/**
 * Links the faces' group unless the page inlined it. Not through style-groups.ts: that module
 * would then be shared with the doc page's chunk, one more request for either. Faces need no
 * place in the cascade.
 */
function linkFaces(): Promise<void> {
  const href = styleFilesOfDocument()?.[webFontGroup];
  if (!href || document.querySelector(`[data-style="${webFontGroup}"]`)) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.style = webFontGroup;
  const loaded = new Promise<void>((resolve, reject) => {
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`The stylesheet ${href} did not load.`));
  });
  document.head.appendChild(link);
  return loaded;
}

/** Where the groups this document did not inline are (BootData.styleFiles), read from its boot data. */
function styleFilesOfDocument(): Record<string, string> | undefined {
  const text = document.getElementById('__boot')?.textContent;
  return text ? (JSON.parse(text) as BootData).styleFiles : undefined;
}
