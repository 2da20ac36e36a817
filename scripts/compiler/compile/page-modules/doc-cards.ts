// `@theme/DocCardList` and `@theme/DocCard`, evaluated at build time into the cards the build's
// generated category pages show. Without `items`, the list is the items of the sidebar category
// whose page this doc is, as Docusaurus's `useCurrentSidebarCategory()` gives them.

import { jsx } from '../jsx-runtime.ts';
import { currentPage } from '../current-page.ts';
import { useDocById } from '../../../../client/site-modules/docs-version.ts';
import { docCardElement, docCardListElement, type DocCardData } from '../../navigation/doc-cards.ts';

/** A sidebar item as Docusaurus hands it to these components (`useCurrentSidebarCategory().items`). */
interface DocusaurusItem {
  type?: string;
  label?: unknown;
  href?: unknown;
  docId?: unknown;
  description?: unknown;
  items?: unknown[];
  customProps?: unknown;
}

export default function DocCardList({ items, className }: { items?: unknown; className?: string }) {
  if (items === undefined) {
    const cards = currentPage()?.categoryCards;
    if (!cards) {
      throw new Error(
        '<DocCardList> without items lists the sidebar category whose page this doc is, and this doc is no category’s page: give it items={…}, or use it in a category’s index doc',
      );
    }
    return jsx('ul', listProps(cards, className));
  }
  if (!Array.isArray(items)) throw new Error('<DocCardList items={…}> takes a list of sidebar items');
  return jsx('ul', listProps(boundedAsCategory(items.map(cardData)), className));
}

/**
 * Items given that are this category page's own (`useCurrentSidebarCategory().items`) are shown as
 * its generated list is: the first ones and the card to its listing pages, which list them all. Any
 * other list is shown whole, as nothing else reaches its items without JavaScript.
 */
function boundedAsCategory(cards: DocCardData[]): DocCardData[] {
  const own = currentPage()?.categoryCards;
  const listing = own?.at(-1);
  if (!own || listing?.entries !== cards.length) return cards;
  const first = own.slice(0, -1);
  const same = first.every(
    (card, index) => card.label === cards[index]!.label && (!cards[index]!.href || card.href === cards[index]!.href),
  );
  return same ? [...cards.slice(0, first.length), listing] : cards;
}

export function DocCard({ item }: { item?: unknown }) {
  if (typeof item !== 'object' || item === null) throw new Error('<DocCard> needs item={…}, a sidebar item');
  const { c, p } = docCardElement(cardData(item));
  return jsx('div', { ...p, children: c });
}

/** The tree element built by doc-cards.ts, through the JSX runtime so the page keeps it as content. */
function listProps(cards: DocCardData[], className?: string) {
  const { p, c } = docCardListElement(cards, className);
  return { ...p, children: c };
}

function cardData(value: unknown): DocCardData {
  const item = value as DocusaurusItem;
  const label = typeof item.label === 'string' ? item.label : '';
  const href = typeof item.href === 'string' ? item.href : undefined;
  const count = Array.isArray(item.items) ? item.items.length : undefined;
  const about =
    typeof item.description === 'string'
      ? item.description
      : item.type === 'category' && count !== undefined
        ? `${count} ${count === 1 ? 'item' : 'items'}`
        : typeof item.docId === 'string'
          ? docDescription(item.docId, href)
          : '';
  return { label, ...(href ? { href } : {}), about };
}

/**
 * A doc's description, as Docusaurus's DocCard shows it (`useDocById(docId).description`): from this
 * category page's own cards when they hold the doc, which is what `useCurrentSidebarCategory()`
 * items are, else from the docs' global data (a rebuild then leaves descriptions to a full build).
 */
function docDescription(docId: string, href: string | undefined): string {
  const own = currentPage()?.categoryCards?.find((card) => card.href === href && href !== undefined);
  if (own) return own.about;
  // Evaluated at build time, outside React: the hook reads the page's globals. Read only when needed,
  // as a read of the docs' data makes every description edit a full build (incremental/plan.ts).
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useDocById(docId)?.description ?? '';
}
