// VitePress's local search, as its localSearchPlugin sets up MiniSearch: one document a heading
// section, fields title (the heading), titles (the headings above it) and text, searched with
// fuzzy 0.2, prefix matching and boosts title 4, text 2, titles 1. Sections are answers; their
// pages, in the order their best section comes, are what the bench scores.

import MiniSearch from 'minisearch';
import { sectionsOf, type BuiltSite } from './site.ts';

export const vitepressSearchOptions = {
  fuzzy: 0.2,
  prefix: true,
  boost: { title: 4, text: 2, titles: 1 },
} as const;

export function vitepressEngine(site: BuiltSite): (query: string) => Promise<string[]> {
  const sections = sectionsOf(site.records);
  const search = new MiniSearch({
    fields: ['title', 'titles', 'text'],
    storeFields: ['route'],
    extractField: (document, field) => {
      const value = (document as Record<string, unknown>)[field];
      return Array.isArray(value) ? value.join(' ') : String(value ?? '');
    },
  });
  search.addAll(sections.map((section, id) => ({ id, ...section })));
  return async (query) => {
    const results = search.search(query, vitepressSearchOptions);
    return [...new Set(results.map((result) => result.route as string))];
  };
}
