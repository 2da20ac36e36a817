// Pages with frontmatter `unlisted: true`, as Docusaurus treats them: reachable by their URL
// only — served, but kept out of search (the endpoint and the search page), out of sidebars and
// pagination, and marked so search engines neither index them nor follow their links.

import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchPageData } from '../../../client/contract/search-page.ts';
import { deployFixture, fixturePages, fixtureSidebars, type DeployedBuild } from '../support/deploy.ts';
import { readDocument } from '../support/html.ts';
import { get, getSettled } from '../support/requests.ts';
import { postSearch, results, searchRequest } from '../support/search.ts';

const route = '/guides/preview';

let build: DeployedBuild;
beforeEach(async () => {
  build = await deployFixture();
});

describe('an unlisted page', () => {
  it('is served at its URL, with robots told not to index it nor follow its links', async () => {
    const response = await get(route);
    expect(response.status).toBe(200);
    const doc = await readDocument(await response.text());
    expect(doc.title).toBe('Preview features | Fixture Docs');
    expect(doc.meta.robots).toBe('noindex, nofollow');
  });

  it('leaves listed pages indexable', async () => {
    expect((await readDocument(await (await get('/guides/setup')).text())).meta.robots).toBeUndefined();
  });

  it('is never a search result, from the search endpoint or the search page', async () => {
    const call = await postSearch(searchRequest('zanzibar'));
    expect(call.response.status).toBe(200);
    expect(results(call)[0]!.nbHits).toBe(0);
    const page = JSON.parse((await getSettled('/__search?q=zanzibar')).body) as SearchPageData;
    expect(page.matchedPages).toBe(0);
    expect(JSON.stringify(await postSearch(searchRequest('preview features')))).not.toContain(route);
  });

  it('is in no sidebar and no page’s previous/next', async () => {
    expect(JSON.stringify(fixtureSidebars())).not.toContain(route);
    for (const other of Object.keys(fixturePages())) {
      const page = build.page(other);
      expect([page.previous?.href, page.next?.href]).not.toContain(route);
    }
  });
});
