// `@theme/DocCardList` and `@theme/DocCard` for site components: the cards of the build's
// generated category pages. Without `items`, the list is the category whose page is being built
// (scripts/compiler/compile/current-page.ts hands it over while the build renders the page).

import { pageHref } from '../contract/urls.ts';
import { siteContext } from './site-context.ts';

interface Item {
  type?: string;
  label?: string;
  href?: string;
  description?: string;
  items?: unknown[];
}

interface Card {
  label: string;
  href?: string;
  about: string;
}

const currentPageKey = Symbol.for('self-docs.current-page');

export default function DocCardList({ items, className }: { items?: Item[]; className?: string }) {
  const cards =
    items?.map(cardOf) ??
    (globalThis as { [currentPageKey]?: { categoryCards?: Card[] } })[currentPageKey]?.categoryCards ??
    [];
  return (
    <ul className={['card-list', className].filter(Boolean).join(' ')}>
      {cards.map((card) => (
        <li className="card" key={`${card.label} ${card.href ?? ''}`}>
          <CardBody card={card} />
        </li>
      ))}
    </ul>
  );
}

export function DocCard({ item }: { item: Item }) {
  return (
    <div className="card">
      <CardBody card={cardOf(item)} />
    </div>
  );
}

function CardBody({ card }: { card: Card }) {
  const body = (
    <>
      <h2 className="card-title">{card.label}</h2>
      {card.about ? <p className="card-description">{card.about}</p> : null}
    </>
  );
  return card.href ? (
    <a href={pageHref(card.href, siteContext().siteConfig.trailingSlash === true)} className="card-link">
      {body}
    </a>
  ) : (
    <div>{body}</div>
  );
}

function cardOf(item: Item): Card {
  const count = item.items?.length;
  const about =
    item.description ??
    (item.type === 'category' && count !== undefined ? `${count} ${count === 1 ? 'item' : 'items'}` : '');
  return { label: item.label ?? '', href: item.href, about };
}
