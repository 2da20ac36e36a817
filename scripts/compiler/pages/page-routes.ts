// The custom pages' routes joined to the docs': a route both claim stops the build, as Docusaurus
// reports a duplicate route (typically `src/pages/index.js` on a site whose docs are served at `/`).

import { BuildError, BuildErrors } from '../errors.ts';
import type { CustomPageSource } from './discover-pages.ts';

/**
 * Adds each page's route to `routes` and each Markdown page's file to `routeOfFile` (so relative
 * `.md` links reach it); throws every clash with a doc, or between two pages, at once.
 */
export function addCustomPageRoutes(
  pages: CustomPageSource[],
  routes: Set<string>,
  routeOfFile: Map<string, string>,
  routeBasePath: string,
): void {
  const docOwner = new Map([...routeOfFile].map(([file, route]) => [route.toLowerCase(), file]));
  const pageOwner = new Map<string, CustomPageSource>();
  const errors: BuildError[] = [];
  for (const page of pages) {
    const { route, relPath } = page.doc;
    const key = route.toLowerCase();
    const otherPage = pageOwner.get(key);
    if (otherPage) {
      errors.push(
        new BuildError(
          relPath,
          undefined,
          `duplicate route ${route}: ${otherPage.doc.relPath} has it too`,
          'keep one of the two files (`about.md` and `about/index.js` both answer at /about)',
        ),
      );
      continue;
    }
    pageOwner.set(key, page);
    if (routes.has(route) || docOwner.has(key)) {
      errors.push(
        new BuildError(
          relPath,
          undefined,
          `duplicate route ${route}: a doc has it too (the docs are served at routeBasePath "${routeBasePath}")`,
          route === '/'
            ? 'serve the docs elsewhere (`routeBasePath: "/docs"` in the docs options of docusaurus.config), or delete src/pages/index, or give the doc at / another `slug`'
            : 'rename the page file, or give the doc another `slug` in its front matter',
        ),
      );
      continue;
    }
    routes.add(route);
    if (page.kind === 'markdown') routeOfFile.set(page.module, route);
  }
  if (errors.length > 0) throw errors.length === 1 ? errors[0]! : new BuildErrors(errors);
}
