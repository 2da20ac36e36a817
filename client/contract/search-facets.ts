// The `docusaurus_tag` facet as Docusaurus's contextual search uses it. Its own module: the search
// modal (a lazy chunk) imports it, and a module shared with the first-load script would become a
// chunk of its own that every page preloads.

/**
 * The `docusaurus_tag` of pages outside the docs (custom pages, blog posts), as Docusaurus's layout
 * gives them: searched whatever docs version is read.
 */
export const defaultSearchTag = 'default';

/**
 * DocSearch's facet filters, as Docusaurus's contextual search sends them: English, and the pages
 * outside the docs, those of the version read (`tag`) and those of the site's other docs plugin
 * instances (`instanceTags`).
 */
export function searchFacetFilters(tag: string, instanceTags: readonly string[] = []): string[][] {
  return [['language:en'], [defaultSearchTag, tag, ...instanceTags].map((name) => `docusaurus_tag:${name}`)];
}
