// Category pages the build writes itself, for sidebar categories with
// `link: { type: 'generated-index' }` (as Docusaurus does): the category's title and description,
// then a card for each of its items (the first ones and a card to its listing pages, for a category
// too large for one page: doc-cards.ts). They are how a reader without JavaScript goes down a large
// sidebar, whose closed categories the server renders without their items.

import type { PageData, TreeElement } from '../../../client/contract/page.ts';
import type { SourceDoc } from '../sources/discover.ts';
import type { GeneratedIndex } from './sidebars.ts';
import { categoryPageCards, docCardListElement } from './doc-cards.ts';

export function generatedIndexPage(index: GeneratedIndex, docsByRoute: Map<string, SourceDoc>): PageData {
  const tree: TreeElement[] = [];
  if (index.description) tree.push({ t: 'p', c: [index.description] });
  const category = { label: index.title, items: index.items, listing: index.listing };
  tree.push(docCardListElement(categoryPageCards(category, (route) => docsByRoute.get(route)?.description)));
  return {
    route: index.route,
    title: index.title,
    description: index.description,
    keywords: [],
    hideTitle: false,
    hideTableOfContents: true,
    sidebar: index.sidebar,
    tree,
    toc: [],
    breadcrumbs: index.breadcrumbs,
    source: index.source,
  };
}
