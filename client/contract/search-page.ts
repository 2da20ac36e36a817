// What the `/search?q=` page renders, worked out by the worker and shown by the browser.

/** One section of a matching page on `/search`: escaped HTML where only `<mark>` is markup. */
export interface SearchPageSection {
  url: string;
  title: string;
  /** Headings between the page title and this section, plain text. */
  trail: string;
  /** Why it matched: the section's text around the query words (at least one where the section has text). */
  snippets: string[];
}

/** One matching page on `/search`, with its best few sections. */
export interface SearchPageGroup {
  title: string;
  url: string;
  sections: SearchPageSection[];
  /** Further matching sections of the page, and where the first of them is. */
  more?: { count: number; url: string };
}

/** What the `/search?q=` page renders: matching pages best first, already highlighted. */
export interface SearchPageData {
  query: string;
  /** The docs version searched, when the reader asked for one (`?version=`); else the last version. */
  version?: string;
  /** The results page shown, from 0. */
  page: number;
  /** Results pages, of `searchLimits.pagesPerResultsPage` matching pages each. */
  nbPages: number;
  /** Documentation pages that match. */
  matchedPages: number;
  /** False when more records matched than the search looked at, so `matchedPages` is a lower bound. */
  exhaustive: boolean;
  groups: SearchPageGroup[];
  suggestions: string[];
  error?: string;
  /** The reader just sent a report for this query from the no-results screen (`?reported=1`). */
  reported?: boolean;
}
