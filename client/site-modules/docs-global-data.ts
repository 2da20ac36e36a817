// The docs plugin's global data as site code reads it. At build time the build sets it on the
// global object while a page runs (scripts/compiler/compile/build-page-globals.ts); the browser
// bundle gives this module the data itself (scripts/compiler/compile/islands/site-data-modules.ts),
// so it is in the chunks of the islands that read it, and in no other.

import type { DocsGlobalData } from '../contract/docs-global-data.ts';

export const docsGlobalDataKey = Symbol.for('self-docs.docs-global-data');

export function docsGlobalData(): DocsGlobalData | undefined {
  return (globalThis as { [docsGlobalDataKey]?: DocsGlobalData })[docsGlobalDataKey];
}
