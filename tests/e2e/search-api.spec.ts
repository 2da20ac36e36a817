// The worker's search endpoint speaks Algolia's protocol well enough for Algolia's own
// JavaScript client: the real `algoliasearch` v5 lite client, run in Node and pointed at the
// running worker, gets well-formed results. No browser page involved.

import { expect, test } from '@playwright/test';
import { createFetchRequester } from '@algolia/requester-fetch';
import { liteClient } from 'algoliasearch/lite';
import type { SearchHit, SearchResult } from '../../client/contract/search-protocol.ts';
import { docusaurusTag } from '../../client/contract/search-protocol.ts';

type LiteClient = ReturnType<typeof liteClient>;

function hostOf(baseURL: string | undefined) {
  const { host } = new URL(baseURL!);
  return [{ url: host, protocol: 'http' as const, accept: 'read' as const }];
}

/** Any application id and key: the worker answers from its own index. */
const credentials = ['SELFDOCS', 'any-search-key'] as const;

async function searchDocs(
  client: LiteClient,
  query: string,
  extra: Record<string, unknown> = {},
): Promise<SearchResult> {
  const { results } = await client.search({ requests: [{ indexName: 'docs', query, ...extra }] });
  expect(results).toHaveLength(1);
  return results[0] as unknown as SearchResult;
}

function expectWellFormedHit(hit: SearchHit | undefined): void {
  expect(hit).toBeDefined();
  expect(hit!.objectID).toEqual(expect.any(String));
  expect(hit!.url).toMatch(/^https?:\/\/[^/]+\//);
  expect(hit!.hierarchy?.lvl1).toEqual(expect.any(String));
  expect(hit!._highlightResult).toEqual(expect.objectContaining({ hierarchy: expect.any(Object) }));
}

/** The build a browser bundle gets (credentials in the query string, a text/plain body).
 * It ships no types of its own. */
const browserBuild = 'algoliasearch/dist/lite/builds/browser';

const clients: Array<[string, (baseURL: string | undefined) => Promise<LiteClient>]> = [
  ['the Node build with its own requester', async (baseURL) => liteClient(...credentials, { hosts: hostOf(baseURL) })],
  [
    'the Node build with the fetch requester',
    async (baseURL) => liteClient(...credentials, { hosts: hostOf(baseURL), requester: createFetchRequester() }),
  ],
  [
    'the browser build with the fetch requester',
    async (baseURL) => {
      const browser = (await import(browserBuild)) as { liteClient: typeof liteClient };
      return browser.liteClient(...credentials, { hosts: hostOf(baseURL), requester: createFetchRequester() });
    },
  ],
];

for (const [name, makeClient] of clients) {
  test(`algoliasearch lite (${name}) gets well-formed results from the worker`, async ({ baseURL }) => {
    const client = await makeClient(baseURL);
    const result = await searchDocs(client, 'kyber', {
      hitsPerPage: 5,
      facetFilters: [['language:en'], [`docusaurus_tag:${docusaurusTag}`]],
    });
    expect(result.query).toBe('kyber');
    expect(result.nbHits).toBeGreaterThan(0);
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.length).toBeLessThanOrEqual(5);
    expect(result.hitsPerPage).toBe(5);
    expect(result.page).toBe(0);
    expect(result.nbPages).toBe(Math.ceil(result.nbHits / 5));
    expect(result.processingTimeMS).toEqual(expect.any(Number));
    for (const hit of result.hits) expectWellFormedHit(hit);
    const highlighted = JSON.stringify(result.hits.map((hit) => hit._highlightResult));
    expect(highlighted).toMatch(/<em>kyber<\/em>/i);
  });
}

test('algoliasearch lite: highlight tags, paging and an empty answer follow the request', async ({ baseURL }) => {
  const client = liteClient(...credentials, { hosts: hostOf(baseURL) });

  const tagged = await searchDocs(client, 'validator', {
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    hitsPerPage: 3,
  });
  expect(JSON.stringify(tagged.hits[0]!._highlightResult)).toMatch(/<mark>validator<\/mark>/i);
  expect(JSON.stringify(tagged.hits.map((hit) => hit._highlightResult))).not.toMatch(/<em>/);

  const second = await searchDocs(client, 'validator', { hitsPerPage: 3, page: 1 });
  expect(second.page).toBe(1);
  const firstIds = tagged.hits.map((hit) => hit.objectID);
  for (const hit of second.hits) expect(firstIds).not.toContain(hit.objectID);

  const none = await searchDocs(client, 'zzzzqqq');
  expect(none.query).toBe('zzzzqqq');
  expect(none.nbHits).toBe(0);
  expect(none.hits).toEqual([]);
});
