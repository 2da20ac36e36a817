// `/search?q=`: results rendered on the server (a plain GET form works without JavaScript);
// after hydration typing updates the results and keeps the URL in sync.

import { useEffect, useRef, useState } from 'react';
import type { SearchPageData } from '../contract/search-page.ts';
import { matchedPagesText } from '../search/page-count.ts';
import { searchPageHref } from '../search/page-href.ts';

const errorTexts = { title: 'Unable to fetch results', help: 'You might want to check your network connection.' };

/**
 * `maxQueryLength` is `searchLimits.queryLength`, handed over by the App: a value of
 * client/contract/search-protocol.ts read here would make that module a chunk of its own, which
 * the first load would share with this one.
 */
export function SearchPage({ initial, maxQueryLength }: { initial: SearchPageData; maxQueryLength: number }) {
  const [data, setData] = useState(initial);
  const [query, setQuery] = useState(initial.query);
  const request = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setData(initial), [initial]);

  const update = (next: string) => {
    setQuery(next);
    const id = ++request.current;
    const { version } = initial;
    history.replaceState(null, '', next ? searchPageHref(next, 0, version) : '/search');
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      try {
        const params = new URLSearchParams({ q: next, ...(version ? { version } : {}) });
        const response = await fetch(`/__search?${params.toString()}`);
        if (!response.ok) throw new Error(`search answered ${response.status}`);
        const result = (await response.json()) as SearchPageData;
        if (id === request.current) setData(result);
      } catch (error) {
        console.warn('Search failed', error);
        if (id === request.current)
          setData({ ...data, query: next, groups: [], matchedPages: 0, nbPages: 0, error: errorTexts.title });
      }
    }, 150);
  };

  // This component hydrates after the rest of the page (its own chunk): keep what the reader
  // typed meanwhile, and say when it is live.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== initial.query) update(typed);
    document.documentElement.dataset.searchPageReady = 'true';
    return () => {
      delete document.documentElement.dataset.searchPageReady;
    };
    // Once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main id="__main" className="search-page" tabIndex={-1}>
      <h1>{data.query ? `Search results for “${data.query}”` : 'Search the documentation'}</h1>
      <form
        className="search-page-form"
        method="get"
        action="/search"
        role="search"
        onSubmit={(event) => event.preventDefault()}
      >
        <input
          ref={input}
          type="search"
          name="q"
          className="search-page-input"
          aria-label="Search"
          placeholder="Search docs"
          maxLength={maxQueryLength}
          value={query}
          onChange={(event) => update(event.target.value)}
          autoComplete="off"
        />
        {initial.version ? <input type="hidden" name="version" value={initial.version} /> : null}
        <button type="submit" className="button button-primary">
          Search
        </button>
      </form>
      <SearchPageResults data={data} />
    </main>
  );
}

function SearchPageResults({ data }: { data: SearchPageData }) {
  if (data.error) {
    return (
      <div className="search-page-message" role="alert">
        <p className="search-page-message-title">{errorTexts.title}</p>
        <p>{errorTexts.help}</p>
      </div>
    );
  }
  if (!data.query)
    return <p className="search-page-hint">Type a few words above to search every page of the documentation.</p>;
  if (data.matchedPages === 0) {
    return (
      <div className="search-page-message" role="status">
        <p className="search-page-message-title">No results for &quot;{data.query}&quot;</p>
        {data.suggestions.length > 0 ? (
          <>
            <p>Try searching for</p>
            <ul className="search-page-suggestions">
              {data.suggestions.slice(0, 3).map((suggestion) => (
                <li key={suggestion}>
                  <a href={searchPageHref(suggestion, 0, data.version)}>{suggestion}</a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <ReportMissing query={data.query} reported={data.reported === true} />
      </div>
    );
  }
  return (
    <>
      <p className="search-page-count" role="status">
        {matchedPagesText(data)}
        {data.nbPages > 1 ? ` · page ${data.page + 1} of ${data.nbPages}` : ''}
      </p>
      {data.groups.map((group) => (
        <section key={group.url} className="search-group" aria-label={group.title}>
          <h2 className="search-group-title">
            <a href={group.url}>{group.title}</a>
          </h2>
          <ul className="search-hits">
            {group.sections.map((section) => (
              <li key={section.url} className="search-hit">
                {/* Escaped by the worker; only <mark> is markup. */}
                <a
                  href={section.url}
                  className="search-hit-title"
                  dangerouslySetInnerHTML={{ __html: section.title }}
                />
                {section.trail ? <p className="search-hit-trail">{section.trail}</p> : null}
                {section.snippets.map((snippet, position) => (
                  <p key={position} className="search-hit-snippet" dangerouslySetInnerHTML={{ __html: snippet }} />
                ))}
              </li>
            ))}
          </ul>
          {group.more ? (
            <a href={group.more.url} className="search-group-more">
              {`${group.more.count} more on this page`}
            </a>
          ) : null}
        </section>
      ))}
      {data.nbPages > 1 ? (
        <nav className="search-paging" aria-label="Search result pages">
          {data.page > 0 ? (
            <a href={searchPageHref(data.query, data.page - 1, data.version)} rel="prev">
              « Previous
            </a>
          ) : (
            <span />
          )}
          {data.page + 1 < data.nbPages ? (
            <a href={searchPageHref(data.query, data.page + 1, data.version)} rel="next">
              Next »
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/**
 * The no-results screen's "Let us know" (DocSearch's link lands here at #report): a plain form,
 * so it works without JavaScript; the worker stores the query and note (worker/routes/report.ts).
 */
function ReportMissing({ query, reported }: { query: string; reported: boolean }) {
  if (reported) return <p className="search-report-thanks">Thank you: we will look at what this search should find.</p>;
  return (
    <form id="report" className="search-report" method="post" action="/__report">
      <p>Believe this query should return results? Let us know.</p>
      <input type="hidden" name="q" value={query} />
      <label htmlFor="report-note">What were you looking for? (optional)</label>
      <textarea id="report-note" name="note" maxLength={500} rows={2} />
      <button type="submit">Send report</button>
    </form>
  );
}
