// The worker's HTML for the measured pages, written out as `docusaurus build` lays out a site
// (`route/index.html`), so serve-handler can serve the very same bytes beside the worker.
// Only the pages are exported: the load fetches the page URL alone, never its assets.

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * What a reader's browser sends that decides which HTML comes back: a page navigation asks for
 * HTML (the worker answers Markdown to `Accept: text/markdown`). No cookie, so the default theme;
 * no `accept-encoding`, since neither the worker nor serve-handler compresses (the edge would).
 * The export and every load run send these same headers, to the worker and to serve-handler.
 */
export const readerHeaders: Readonly<Record<string, string>> = {
  accept: 'text/html,application/xhtml+xml',
};

/** Where `docusaurus build` puts a route's page: `/` → `index.html`, `/a/b` → `a/b/index.html`. */
export function exportedFile(route: string): string {
  if (!route.startsWith('/') || (route.length > 1 && route.endsWith('/')))
    throw new Error(`exportedFile: "${route}" is not a canonical route (it starts with "/" and has no trailing "/")`);
  const segments = route.split('/').slice(1).filter(Boolean);
  if (segments.some((segment) => segment === '.' || segment === '..'))
    throw new Error(`exportedFile: "${route}" has a "." or ".." segment, which would leave the export folder`);
  return join(...segments, 'index.html');
}

/** Fetches each route from `origin` as a reader would and writes it under `dir`; returns its bytes per route. */
export async function exportPages(origin: string, routes: string[], dir: string): Promise<Record<string, number>> {
  const written: Record<string, number> = {};
  for (const route of routes) {
    const response = await fetch(`${origin}${route}`, { headers: readerHeaders });
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/html'))
      throw new Error(`export of ${route}: the worker answered ${response.status} ${type}, expected 200 text/html`);
    const html = new Uint8Array(await response.arrayBuffer());
    const file = join(dir, exportedFile(route));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
    written[route] = html.length;
  }
  return written;
}
