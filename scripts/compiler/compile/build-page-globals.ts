// The page being built, as site code reads it (client/site-modules/build-page.ts): its route and
// the docs' global data, set on the global object while the page and its site components run.

import type { DocsGlobalData } from '../../../client/contract/docs-global-data.ts';
import { buildRouteKey } from '../../../client/site-modules/build-page.ts';

interface BuildGlobals {
  __SELF_DOCS_GLOBAL_DATA__?: DocsGlobalData;
  [buildRouteKey]?: string;
}

/** Runs `render` (synchronous: a page's evaluation and its islands' render) as the page at `route`. */
export function asBuildPage<T>(route: string, docsData: DocsGlobalData | undefined, render: () => T): T {
  const globals = globalThis as BuildGlobals;
  globals[buildRouteKey] = route;
  globals.__SELF_DOCS_GLOBAL_DATA__ = docsData;
  try {
    return render();
  } finally {
    delete globals[buildRouteKey];
    delete globals.__SELF_DOCS_GLOBAL_DATA__;
  }
}

/** The browser bundle's: the data in place of the global, in the modules that read it only. */
export function docsDataDefine(docsData: DocsGlobalData | undefined): Record<string, string> {
  return docsData ? { 'globalThis.__SELF_DOCS_GLOBAL_DATA__': JSON.stringify(docsData) } : {};
}
