// Two parts of the search root the writer works out from every page: how record ids split
// between a page's place and a record's rank, and the ranges of pages of each version's tag.

import { rankBitsFor, recordIds, type RecordIds } from '../../../../client/contract/index-pieces.ts';
import { BuildError } from '../../errors.ts';

/**
 * How ids split for `pages` pages: a clear build error, not a wrong id, when the fullest page has
 * more records than the ids leave room for.
 */
export function idsFor(pages: number, fullest: { records: number; url: string }): RecordIds {
  const ids = recordIds(rankBitsFor(pages));
  if (fullest.records < ids.perPage) return ids;
  throw new BuildError(
    fullest.url,
    undefined,
    `the search index of ${pages} pages allows at most ${ids.perPage - 1} search records a page (its ids are 32 bits); this page has ${fullest.records}`,
    'split the page into several, or leave some of its sections out of search',
  );
}

/** Pages' tags as ranges: a version's pages are consecutive, so a site has about one range a version. */
export function tagRanges(pageTags: Map<number, string>, usual: string): [number, string][] {
  const ranges: [number, string][] = [];
  let previous = { page: -2, tag: usual };
  for (const page of [...pageTags.keys()].sort((a, b) => a - b)) {
    const tag = pageTags.get(page)!;
    // A gap of usual pages before this one closes the previous range.
    if (page !== previous.page + 1 && previous.tag !== usual) ranges.push([previous.page + 1, usual]);
    if (page !== previous.page + 1 || tag !== previous.tag) ranges.push([page, tag]);
    previous = { page, tag };
  }
  if (previous.tag !== usual) ranges.push([previous.page + 1, usual]);
  return ranges;
}
