// The page being built, as site code reads it at build time: its route (client/site-modules/build-route.ts),
// the docs' global data (client/site-modules/docs-global-data.ts) and, for a doc, the doc itself
// (client/site-modules/doc-hooks.ts), set on the global object while the page and its site
// components run.

import type { DocsGlobalData } from '../../../client/contract/docs-global-data.ts';
import { docContextKey, type DocContext } from '../../../client/contract/doc-context.ts';
import { buildRouteKey } from '../../../client/site-modules/build-route.ts';
import { docsGlobalDataKey } from '../../../client/site-modules/docs-global-data.ts';
import { lazily } from './link-context.ts';

interface BuildGlobals {
  [buildRouteKey]?: string;
  [docsGlobalDataKey]?: DocsGlobalData;
  [docContextKey]?: DocContext;
}

/**
 * Runs `render` (synchronous: a page's evaluation and its islands' render) as the page at `route`;
 * `render` may complete the doc (`setDoc`) once the page's tree is built. The docs data and the doc
 * are made when site code first reads them: most pages that run code (Tabs, admonitions) never do.
 */
export function asBuildPage<T>(
  route: string,
  docsData: (() => DocsGlobalData) | undefined,
  doc: (() => DocContext) | undefined,
  render: (setDoc: (doc: () => DocContext) => void) => T,
): T {
  const globals = globalThis as BuildGlobals;
  globals[buildRouteKey] = route;
  setLazily(docsGlobalDataKey, docsData);
  setLazily(docContextKey, doc);
  try {
    return render((completed) => setLazily(docContextKey, completed));
  } finally {
    delete globals[buildRouteKey];
    delete globals[docsGlobalDataKey];
    delete globals[docContextKey];
  }
}

let docsDataReads = 0;

/**
 * How many times site code has read the docs' global data in this thread, at build time or bundled
 * for the browser: a rebuild must not change a doc's description under a page or chunk that holds it.
 */
export const docsDataReadCount = (): number => docsDataReads;

/** Counts a read of the docs' global data made elsewhere (a compile thread, the islands' bundle). */
export function noteDocsDataRead(): void {
  docsDataReads++;
}

/** Sets `key` of the global object to what `make` gives, made when read (undefined without `make`). */
function setLazily(key: typeof docsGlobalDataKey | typeof docContextKey, make: (() => unknown) | undefined): void {
  const value = make && lazily(make);
  const counted = key === docsGlobalDataKey && value;
  Object.defineProperty(globalThis, key, {
    configurable: true,
    get: () => {
      if (counted) docsDataReads++;
      return value?.();
    },
  });
}
