// The page being built, as site code reads it at build time: its route (client/site-modules/build-route.ts)
// and the docs' global data (client/site-modules/docs-global-data.ts), set on the global object
// while the page and its site components run.

import type { DocsGlobalData } from '../../../client/contract/docs-global-data.ts';
import { buildRouteKey } from '../../../client/site-modules/build-route.ts';
import { docsGlobalDataKey } from '../../../client/site-modules/docs-global-data.ts';

interface BuildGlobals {
  [buildRouteKey]?: string;
  [docsGlobalDataKey]?: DocsGlobalData;
}

/** Runs `render` (synchronous: a page's evaluation and its islands' render) as the page at `route`. */
export function asBuildPage<T>(route: string, docsData: DocsGlobalData | undefined, render: () => T): T {
  const globals = globalThis as BuildGlobals;
  globals[buildRouteKey] = route;
  globals[docsGlobalDataKey] = docsData;
  try {
    return render();
  } finally {
    delete globals[buildRouteKey];
    delete globals[docsGlobalDataKey];
  }
}
