// How many pages match a query, as the `/search` page counts them: the modal's "See all"
// link asks the page's own JSON, so the two always agree.

import { useEffect, useState } from 'react';
import type { SearchPageData } from '../contract/search-page.ts';

/** Counts already known, so the footer does not ask again when DocSearch re-renders it. */
const known = new Map<string, Pick<SearchPageData, 'matchedPages' | 'exhaustive'>>();

/** Undefined until the count for this query is in (or when it could not be had). */
export function useMatchedPages(
  query: string,
  version?: string,
): Pick<SearchPageData, 'matchedPages' | 'exhaustive'> | undefined {
  const [, setRender] = useState(0);
  const key = `${version ?? ''}\n${query}`;
  useEffect(() => {
    if (!query || known.has(key)) return;
    const controller = new AbortController();
    // The reader is still typing: ask once the query rests.
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: query, count: 'no', ...(version ? { version } : {}) });
      fetch(`/__search?${params.toString()}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<SearchPageData>) : undefined))
        .then((data) => {
          if (!data || data.error) return;
          if (known.size >= 50) known.delete(known.keys().next().value!);
          known.set(key, { matchedPages: data.matchedPages, exhaustive: data.exhaustive });
          setRender((render) => render + 1);
        })
        // The link works without its count.
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, version, key]);
  return known.get(key);
}
