// A compiled page made ready to store: its data and Markdown as the KV values they become, with
// their hashes, its anchors, its DocSearch records and its part of the search index. It depends on
// the page and a few facts of the build alone, so a compile thread makes it and the build's own
// thread only writes what it is handed (page-store.ts `storePrepared`).

import type { PageData } from '../../../client/contract/page.ts';
import { styleGroupsOfPage } from '../assets/stylesheet-groups.ts';
import { anchorsOf, type PageAnchors } from '../compile/checks/anchors.ts';
import { contentHash } from './kv-writer.ts';
import { pageMarkdown } from './markdown-export.ts';
import { prepareSearchPage, type PreparedSearchPage } from './search/prepare-page.ts';
import { pageSearchRecords } from './search/records.ts';

/** A page as the build summarises it once stored: its data without the element tree. */
export type PageSummary = Omit<PageData, 'tree' | 'toc'>;

/** What the build knows of a page besides the page itself (PageStore.placeOf). */
export interface PageStoreFacts {
  siteUrl: string;
  /** The site links pages as `/x/` (Docusaurus's `trailingSlash: true`): its Markdown and records do too. */
  trailingSlash?: boolean;
  /** The same doc in the other versions, by version name. */
  versions?: Record<string, string>;
  /** Its top-level sidebar section (the records' lvl0). */
  section?: string;
  /** A forced `_redirects` rule stands in for it. */
  replaced?: true;
}

export interface PreparedPage {
  summary: PageSummary;
  json: string;
  jsonHash: string;
  markdown: string;
  markdownHash: string;
  anchors: PageAnchors;
  /** Absent for a page search does not offer. */
  search?: {
    /** Its DocSearch records, each as JSON. */
    records: string[];
    index: PreparedSearchPage | undefined;
  };
}

/** Makes `page` ready to store; sets its `versions` and `styles` as it is stored. */
export function preparePage(page: PageData, facts: PageStoreFacts): PreparedPage {
  const anchors = anchorsOf(page);
  if (facts.versions) page.versions = facts.versions;
  page.styles = styleGroupsOfPage(page);
  const json = JSON.stringify(page);
  // Plain Markdown for `<route>.md` and the llms files; absolute links on the configured url.
  const markdown = pageMarkdown(page, facts.siteUrl, facts.trailingSlash);
  const { tree: _tree, toc: _toc, ...summary } = page;
  const prepared = {
    summary,
    json,
    jsonHash: contentHash(json),
    markdown,
    markdownHash: contentHash(markdown),
    anchors,
  };
  // A page a forced `_redirects` rule stands in for cannot be reached, so nothing offers it.
  // A listing page is a way down a large sidebar without JavaScript, not content to offer.
  if (facts.replaced || page.listing) {
    summary.unlisted = true;
    return prepared;
  }
  // A blog's list, tag, author and archive pages repeat its posts: search offers the posts.
  if (page.blog && page.blog.kind !== 'post') return prepared;
  const records = pageSearchRecords(page, facts.section, facts.siteUrl, facts.trailingSlash);
  return {
    ...prepared,
    search: {
      records: records.map((record) => JSON.stringify(record)),
      index: prepareSearchPage(records, facts.siteUrl),
    },
  };
}
