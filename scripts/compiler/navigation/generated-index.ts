// Category pages the build writes itself, for sidebar categories with
// `link: { type: 'generated-index' }` (as Docusaurus does): the category's title and description,
// then a card for each of its items. They are how a reader without JavaScript goes down a large
// sidebar, whose closed categories the server renders without their items.

import type { PageData, TreeElement } from '../../../client/contract/page.ts';
import type { SourceDoc } from '../sources/discover.ts';
import type { GeneratedIndex } from './sidebars.ts';
import { docCardListElement, docCards } from './doc-cards.ts';

export function generatedIndexPage(index: GeneratedIndex, docsByRoute: Map<string, SourceDoc>): PageData {
  const tree: TreeElement[] = [];
  if (index.description) tree.push({ t: 'p', c: [index.description] });
  tree.push(docCardListElement(docCards(index.items, (route) => docsByRoute.get(route)?.description)));
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
