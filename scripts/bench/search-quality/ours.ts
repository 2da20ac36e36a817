// Our engine as readers meet it: the worker's own search service (worker/services/search) over
// the pieces the compiler wrote, read from disk as the ASSETS binding serves them, asked what the
// modal (DocSearch) asks; its hits grouped into pages in the order they come.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseSearchBody } from '../../../worker/services/search/protocol.ts';
import { searchLocal } from '../../../worker/services/search/service.ts';
import { routeOf, type BuiltSite } from './site.ts';

const levels = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** The modal's search request (client/search/SearchModal.tsx), filtered to the site's docs version. */
export function modalBody(query: string, tag: string): string {
  return JSON.stringify({
    requests: [
      {
        indexName: 'docs',
        query,
        attributesToRetrieve: ['hierarchy.lvl0', ...levels.map((l) => `hierarchy.${l}`), 'content', 'type', 'url'],
        attributesToSnippet: [...levels.map((l) => `hierarchy.${l}:10`), 'content:10'],
        snippetEllipsisText: '…',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        hitsPerPage: 20,
        facetFilters: [['language:en'], [`docusaurus_tag:${tag}`]],
        analytics: false,
      },
    ],
  });
}

export function oursEngine(site: BuiltSite): (query: string) => Promise<string[]> {
  if (site.search.store !== 'assets') throw new Error('the search bench reads a build with static pieces');
  const assets = {
    fetch: async (input: string | Request) => {
      const url = typeof input === 'string' ? input : input.url;
      return new Response(await readFile(join(site.outDir, 'client', new URL(url).pathname), 'utf8'));
    },
  };
  const env = { ASSETS: assets } as unknown as Parameters<typeof searchLocal>[0];
  const build = { buildId: site.name, search: site.search };
  return async (query) => {
    const response = await searchLocal(env, build, parseSearchBody(modalBody(query, site.tag)));
    const hits = (response.results[0]?.hits ?? []) as { url: string }[];
    return [...new Set(hits.map((hit) => routeOf(hit.url)))];
  };
}
