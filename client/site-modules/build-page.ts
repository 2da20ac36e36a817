// What site code reads of the page being built, where it runs at build time (a page's modules and
// the site components rendered with it), and the docs' global data in either place. The build
// sets both on the global object while it evaluates a page (scripts/compiler/compile/build-page-globals.ts);
// the browser bundle defines the data in the islands' chunks that read it.

import type { DocsGlobalData } from '../contract/docs-global-data.ts';

/** The global the build sets, and the expression the browser bundle replaces with the data. */
interface BuildGlobals {
  __SELF_DOCS_GLOBAL_DATA__?: DocsGlobalData;
  [buildRouteKey]?: string;
}

export const buildRouteKey = Symbol.for('self-docs.build-route');

/** The route of the page being built, when this runs in the build. */
export function buildRoute(): string | undefined {
  return (globalThis as BuildGlobals)[buildRouteKey];
}

export function docsGlobalData(): DocsGlobalData | undefined {
  return (globalThis as BuildGlobals).__SELF_DOCS_GLOBAL_DATA__;
}
