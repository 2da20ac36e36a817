// Algolia-style facet filters (language, docusaurus_tag) over the embedded index: decided from the
// directory's page tags and exceptions alone, before any record is read.

import type { SearchRecord } from '../../../client/contract/search-protocol.ts';
import { recordIds, tagOfPage, type SearchIndexRoot } from '../../../client/contract/index-pieces.ts';
import { applyFacetFilters } from './format.ts';

/** Which records pass Algolia-style facet filters, from the directory's page tags and exceptions alone. */
export function facetFilter(directory: SearchIndexRoot, filters: string[][]): ((id: number) => boolean) | undefined {
  if (filters.length === 0) return undefined;
  const passes = (language: string, tag: string) =>
    applyFacetFilters([{ language: language as SearchRecord['language'], docusaurus_tag: tag }], filters).length === 1;
  const usual = passes(directory.language, directory.docusaurusTag);
  if (usual && directory.facetExceptions.length === 0 && !directory.pageTags) return undefined;
  const exceptions = new Map(directory.facetExceptions.map(([id, language, tag]) => [id, passes(language, tag)]));
  const byTag = new Map<string, boolean>();
  const pagePasses = (page: number) => {
    const tag = tagOfPage(directory, page);
    let verdict = byTag.get(tag);
    if (verdict === undefined) byTag.set(tag, (verdict = passes(directory.language, tag)));
    return verdict;
  };
  const { pageOf } = recordIds(directory.rankBits);
  return (id) => exceptions.get(id) ?? (directory.pageTags ? pagePasses(pageOf(id)) : usual);
}
