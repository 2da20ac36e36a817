// The site as the page being evaluated sees it. The build defines the constant in each page's
// bundle from its PageContext (scripts/compiler/compile/page-imports.ts); it is read only when a page asks,
// so the build itself may import these modules for their names.

import type { PageContext } from '../page-context.ts';

declare const __SELF_DOCS_PAGE_CONTEXT__: PageContext;

export function pageContext(): PageContext {
  return __SELF_DOCS_PAGE_CONTEXT__;
}
