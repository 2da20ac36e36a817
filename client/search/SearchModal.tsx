// The DocSearch v3 modal, in its own lazy chunk. Every request goes to our worker's
// Algolia-protocol endpoint; hits open with client-side navigation.

import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { DocSearchModal, type DocSearchHit, type DocSearchTransformClient } from '@docsearch/react';
import { docusaurusTag } from '../model.ts';
import { relativeUrl } from './results.ts';

export interface SearchModalProps {
  initialQuery: string;
  onClose: () => void;
  /** Client-side navigation, from the app. */
  navigate: (href: string) => void;
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
function sameOriginClient(client: DocSearchTransformClient, onOutcome: (ok: boolean) => void): DocSearchTransformClient {
  return {
    ...client,
    search: (async (params: unknown) => {
      const requests = Array.isArray(params) ? params : (params as { requests: unknown[] }).requests;
      try {
        const response = await fetch(`${location.origin}/1/indexes/*/queries`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ requests }),
        });
        if (!response.ok) throw new Error(`search answered ${response.status}`);
        const body: unknown = await response.json();
        onOutcome(true);
        return body;
      } catch (error) {
        onOutcome(false);
        throw error;
      }
    }) as DocSearchTransformClient['search'],
  };
}

export function SearchModal({ initialQuery, onClose, navigate }: SearchModalProps) {
  const [failed, setFailed] = useState(false);
  const [modalElement, setModalElement] = useState<Element | null>(null);

  useEffect(() => {
    const frame = requestAnimationFrame(() => setModalElement(document.querySelector('.DocSearch-Modal')));
    return () => cancelAnimationFrame(frame);
  }, []);

  return createPortal(
    <>
      <DocSearchModal
        // DocSearch builds its client from these; no request ever uses them (see transformSearchClient).
        appId="SELFDOCS"
        apiKey="same-origin"
        indexName="docs"
        placeholder={searchTexts.placeholder}
        initialQuery={initialQuery}
        initialScrollY={window.scrollY}
        onClose={onClose}
        maxResultsPerGroup={5}
        searchParameters={{ facetFilters: [['language:en'], [`docusaurus_tag:${docusaurusTag}`]] }}
        translations={translations}
        transformSearchClient={(client) => sameOriginClient(client, (ok) => setFailed(!ok))}
        transformItems={(items: DocSearchHit[]) => items.map((item) => ({ ...item, url: relativeUrl(item.url) }))}
        hitComponent={({ hit, children }) => <a href={hit.url}>{children}</a>}
        navigator={{
          navigate: ({ itemUrl }) => navigate(itemUrl),
          navigateNewTab: ({ itemUrl }) => window.open(itemUrl, '_blank', 'noopener'),
          navigateNewWindow: ({ itemUrl }) => window.open(itemUrl, '_blank', 'noopener'),
        }}
        resultsFooterComponent={({ state }) => (
          <a href={`/search?q=${encodeURIComponent(state.query)}`} onClick={onClose}>
            See all {state.context.nbHits as number} results
          </a>
        )}
        getMissingResultsUrl={({ query }) => `/search?q=${encodeURIComponent(query)}`}
      />
      {failed && modalElement
        ? createPortal(
            <div className="search-error" role="alert">
              <p className="search-error-title">{searchTexts.errorTitle}</p>
              <p className="search-error-help">{searchTexts.errorHelp}</p>
            </div>,
            modalElement,
          )
        : null}
    </>,
    document.body,
  );
}
