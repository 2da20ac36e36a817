// The site as the page being evaluated sees it. The build defines the constant in each page's
// bundle from its PageContext (scripts/build/page-imports.ts).

import type { PageContext } from '../page-context.ts';

declare const __SELF_DOCS_PAGE_CONTEXT__: PageContext;

export const pageContext: PageContext = __SELF_DOCS_PAGE_CONTEXT__;
