// The page being evaluated, for what needs more than the site to render: `<DocCardList />` lists
// the items of the category whose page it is. Each page's bundle has its own copy of the modules
// that ask, so the build hands it over through a global, set only while the page is evaluated and
// its islands rendered (both synchronous, so no other page's can be in between).

import type { DocCardData } from '../navigation/doc-cards.ts';

export interface CurrentPage {
  route: string;
  /** The cards of the sidebar category this page is the page of, if it is one's. */
  categoryCards?: DocCardData[];
}

const key = Symbol.for('self-docs.current-page');
type Holder = { [key]?: CurrentPage };

export function withCurrentPage<T>(page: CurrentPage, run: () => T): T {
  const holder = globalThis as Holder;
  holder[key] = page;
  try {
    return run();
  } finally {
    delete holder[key];
  }
}

export function currentPage(): CurrentPage | undefined {
  return (globalThis as Holder)[key];
}
