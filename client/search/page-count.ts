// The count of matching pages, in the words of the `/search` page and of the modal's link to
// it, so both say the same number.

import type { SearchPageData } from '../contract/search-page.ts';

type Count = Pick<SearchPageData, 'matchedPages' | 'exhaustive'>;

function pages({ matchedPages, exhaustive }: Count): string {
  return exhaustive ? String(matchedPages) : `${matchedPages}+`;
}

/** "12 pages match": pages, not records; a page with many matching paragraphs is one result. */
export function matchedPagesText(count: Count): string {
  return count.matchedPages === 1 && count.exhaustive ? '1 page matches' : `${pages(count)} pages match`;
}

/** The modal's footer link: "See all 12 matching pages". */
export function seeAllText(count: Count | undefined): string {
  if (!count) return 'See all matching pages';
  return count.matchedPages === 1 && count.exhaustive
    ? 'See the 1 matching page'
    : `See all ${pages(count)} matching pages`;
}
