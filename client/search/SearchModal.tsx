// The DocSearch v3 modal, in its own lazy chunk. Every request goes to our worker's
// Algolia-protocol endpoint; hits open with client-side navigation.

import { useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { DocSearchModal, type DocSearchHit, type DocSearchTransformClient } from '@docsearch/react';
import { useMatchedPages } from './matched-pages.ts';
import { settledSearch } from './settled-search.ts';
import { seeAllText } from './page-count.ts';
import { hitClicked, searchAnswered } from './insights.ts';
import { postQueries } from './post-queries.ts';
import { relativeUrl } from '../contract/urls.ts';
import { searchFacetFilters } from '../contract/search-facets.ts';
import { searchPageHref } from './page-href.ts';

export interface SearchModalProps {
  initialQuery: string;
  onClose: () => void;
  /** Client-side navigation, from the app. */
  navigate: (href: string) => void;
  /** The `docusaurus_tag` searched: the docs version being read. */
  tag: string;
  /** That version's name when it is not the last version (the `/search` page's `?version=`). */
  version?: string;
}

export const searchTexts = {
  placeholder: 'Search docs',
  errorTitle: 'Unable to fetch results',
  errorHelp: 'You might want to check your network connection.',
} as const;

const translations = {
  searchBox: {
    resetButtonTitle: 'Clear the query',
    resetButtonAriaLabel: 'Clear the query',
    cancelButtonText: 'Cancel',
    cancelButtonAriaLabel: 'Cancel',
    searchInputLabel: 'Search',
  },
  errorScreen: { titleText: searchTexts.errorTitle, helpText: searchTexts.errorHelp },
  noResultsScreen: { noResultsText: 'No results for', suggestedQueryText: 'Try searching for' },
};

/** DocSearch's own client would call Algolia: route its one method to the worker instead. */
const searchEndpoint = () => `${location.origin}/1/indexes/*/queries`;
/** Counts the query the reader settles on, not every keystroke (settled-search.ts). */
const settled = settledSearch((requests) => postQueries(searchEndpoint(), requests));
/** A chosen hit: its query counts first, then the click event goes out (insights.ts). */
const chose = (objectID: string) => void settled.flush().then(() => hitClicked(objectID));

function sameOriginClient(
  client: DocSearchTransformClient,
  onOutcome: (ok: boolean) => void,
): DocSearchTransformClient {
  return {
    ...client,
    search: (async (params: unknown) => {
      const requests = Array.isArray(params) ? params : (params as { requests: unknown[] }).requests;
      try {
        const body = await postQueries(searchEndpoint(), settled.typed(requests));
        onOutcome(true);
        searchAnswered(body);
        return body;
      } catch (error) {
        onOutcome(false);
        throw error;
      }
    }) as DocSearchTransformClient['search'],
  };
}

// DocSearch rebuilds its autocomplete (and forgets Recent/Favorites in the view) whenever a
// prop changes identity, so every prop is module-level or memoised.
// clickAnalytics: the worker answers with a queryID, which the click events carry (insights.ts).
// The site's other docs plugin instances are searched from every page: the server names their
// tags on the search button, so the first load carries nothing of them.
const instanceTags = () => document.querySelector<HTMLElement>('.search-button')?.dataset.searchTags?.split(' ') ?? [];
const searchParametersFor = (tag: string) => ({
  facetFilters: searchFacetFilters(tag, instanceTags()),
  clickAnalytics: true,
});
const transformItems = (items: DocSearchHit[]) => items.map((item) => ({ ...item, url: relativeUrl(item.url) }));
const hitComponent = ({ hit, children }: { hit: { url: string; objectID: string }; children: ReactNode }) => (
  <a href={hit.url} onClick={() => chose(hit.objectID)}>
    {children}
  </a>
);
export function SearchModal({ initialQuery, onClose, navigate, tag, version }: SearchModalProps) {
  const [failed, setFailed] = useState(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const props = useMemo(
    () => ({
      onClose: () => closeRef.current(),
      initialScrollY: window.scrollY,
      transformSearchClient: (client: DocSearchTransformClient) => sameOriginClient(client, (ok) => setFailed(!ok)),
      navigator: {
        // Enter on a hit: the click event, as for a mouse click (hitComponent).
        navigate: ({ itemUrl, item }: { itemUrl: string; item: { objectID?: string } }) => {
          if (item.objectID) chose(item.objectID);
          navigateRef.current(itemUrl);
        },
        navigateNewTab: ({ itemUrl }: { itemUrl: string }) => void window.open(itemUrl, '_blank', 'noopener'),
        navigateNewWindow: ({ itemUrl }: { itemUrl: string }) => void window.open(itemUrl, '_blank', 'noopener'),
      },
      resultsFooterComponent: ({ state }: { state: { query: string } }) => (
        <SeeAllResults query={state.query} version={version} onClick={() => closeRef.current()} />
      ),
      searchParameters: searchParametersFor(tag),
      getMissingResultsUrl: ({ query }: { query: string }) => `${searchPageHref(query, 0, version)}#report`,
    }),
    [tag, version],
  );

  return createPortal(
    <>
      <DocSearchModal
        // DocSearch builds its client from these; no request ever uses them (see transformSearchClient).
        appId="SELFDOCS"
        apiKey="same-origin"
        indexName="docs"
        placeholder={searchTexts.placeholder}
        initialQuery={initialQuery}
        maxResultsPerGroup={5}
        translations={translations}
        transformItems={transformItems}
        hitComponent={hitComponent}
        {...props}
      />
      {failed ? <SearchError /> : null}
    </>,
    document.body,
  );
}

/** The footer link to `/search`, with the count of matching pages that page shows. */
function SeeAllResults({ query, version, onClick }: { query: string; version?: string; onClick: () => void }) {
  return (
    <a href={searchPageHref(query, 0, version)} onClick={onClick}>
      {seeAllText(useMatchedPages(query, version))}
    </a>
  );
}

/** Shown over the modal's results when our endpoint cannot be reached. */
function SearchError() {
  const modal = document.querySelector('.DocSearch-Modal');
  if (!modal) return null;
  return createPortal(
    <div className="search-error" role="alert">
      <p className="search-error-title">{searchTexts.errorTitle}</p>
      <p className="search-error-help">{searchTexts.errorHelp}</p>
    </div>,
    modal,
  );
}
