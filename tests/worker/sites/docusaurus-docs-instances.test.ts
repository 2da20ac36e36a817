// A docs plugin instance beside the preset's docs (tests/fixtures/docusaurus-docs-instances):
// its pages served at its route base with its own sidebar, and found by a search for its tag.

import { beforeEach, describe, expect, it } from 'vitest';
import { deployFixture } from '../support/deploy.ts';
import { attributesOf, readDocument, textsOf } from '../support/html.ts';
import { getSettled } from '../support/requests.ts';
import { docSearchRequest, postSearch, results } from '../support/search.ts';

beforeEach(async () => {
  await deployFixture({ fixture: 'docusaurus-docs-instances' });
});

describe('a docs plugin instance', () => {
  it('serves its page with its own sidebar, not the preset docs’ sidebar of the same name', async () => {
    const { response, body } = await getSettled('/help/guides/contact');
    expect(response.status).toBe(200);
    const { boot, html } = await readDocument(body);
    const topLevel =
      '.doc-sidebar .sidebar-menu > ul > li > a, .doc-sidebar .sidebar-menu > ul > li > details > summary';
    expect(await textsOf(html, topLevel)).toEqual(['Support', 'Getting in touch', 'Hooks']);
    expect(boot.sidebar).toEqual({ id: 'community/main' });
    const docs = await readDocument((await getSettled('/docs/setup')).body);
    expect(await textsOf(docs.html, topLevel)).toEqual(['Introduction', 'Setup']);
  });

  it('answers a search for its tag with its pages, and the docs’ tag with the docs’ pages', async () => {
    const hits = async (query: string, tag: string) =>
      results(
        await postSearch(docSearchRequest(query, { facetFilters: [['language:en'], [`docusaurus_tag:${tag}`]] })),
      )[0]!.hits.map((hit) => new URL(hit.url!).pathname);
    expect(await hits('lighthouses', 'docs-community-current')).toContain('/help/support');
    expect(await hits('lighthouses', 'docs-default-current')).toEqual([]);
    expect(await hits('install', 'docs-default-current')).toContain('/docs/setup');
  });

  it('is searched from every page, as Docusaurus searches every docs plugin: the modal and /search find its pages', async () => {
    // The modal reads the instances' tags from the search button (its first load carries none of them).
    const [tags] = await attributesOf((await getSettled('/docs/setup')).body, '.search-button', 'data-search-tags');
    expect(tags).toBe('docs-community-current');
    const modalFilters = [
      ['language:en'],
      ['default', 'docs-default-current', tags!].map((tag) => `docusaurus_tag:${tag}`),
    ];
    const modalHits = results(await postSearch(docSearchRequest('lighthouses', { facetFilters: modalFilters })))[0]!
      .hits;
    expect(modalHits.map((hit) => new URL(hit.url!).pathname)).toContain('/help/support');

    const page = await getSettled('/search?q=lighthouses');
    expect(page.response.status).toBe(200);
    const links = await attributesOf(page.body, 'main a[href]', 'href');
    expect(links.some((href) => href?.startsWith('/help/support'))).toBe(true);
  });
});
