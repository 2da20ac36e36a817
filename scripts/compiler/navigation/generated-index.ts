// Category pages the build writes itself, for sidebar categories with
// `link: { type: 'generated-index' }` (as Docusaurus does): the category's title and description,
// then a card for each of its items. They are how a reader without JavaScript goes down a large
// sidebar, whose closed categories the server renders without their items.

import type { PageData, TreeElement } from '../../../client/contract/page.ts';
import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import type { SourceDoc } from '../sources/discover.ts';
import type { GeneratedIndex } from './sidebars.ts';

export function generatedIndexPage(index: GeneratedIndex, docsByRoute: Map<string, SourceDoc>): PageData {
  const card = (item: SidebarItem): TreeElement => {
    const about =
      item.type === 'category'
        ? `${item.items.length} ${item.items.length === 1 ? 'item' : 'items'}`
        : item.type === 'doc'
          ? (docsByRoute.get(item.href)?.description ?? '')
          : item.href;
    const heading: TreeElement = { t: 'h2', p: { className: 'card-title' }, c: [item.label] };
    const body = about ? [heading, { t: 'p', p: { className: 'card-description' }, c: [about] }] : [heading];
    return {
      t: 'li',
      p: { className: 'card' },
      c: [item.href ? { t: 'a', p: { href: item.href, className: 'card-link' }, c: body } : { t: 'div', c: body }],
    };
  };
  const tree: TreeElement[] = [];
  if (index.description) tree.push({ t: 'p', c: [index.description] });
  tree.push({ t: 'ul', p: { className: 'card-list' }, c: index.items.map(card) });
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
