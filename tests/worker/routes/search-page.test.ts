// `GET /search?q=`: the search page a reader can use without JavaScript, rendered with its
// results; `GET /__search?q=`: the same results as JSON for the page's live updates.

import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchPageData } from '../../../client/contract/search-page.ts';
import { bindings, deployFixture, loseSearchDirectory, type DeployedBuild } from '../support/deploy.ts';
import { countElements, textOf } from '../support/html.ts';
import { getSettled } from '../support/requests.ts';
import { standInUrls, withAlgolia } from '../support/search.ts';

let build: DeployedBuild;
beforeEach(async () => {
  build = await deployFixture();
});

/** The <main> of the page: what the search page itself shows. */
function main(html: string): string {
  const start = html.indexOf('<main');
  return html.slice(start, html.indexOf('</main>', start) + '</main>'.length);
}

async function searchJson(path: string, env = bindings) {
  const { response, body } = await getSettled(path, {}, env);
  return { response, data: JSON.parse(body) as SearchPageData };
}

describe('the search page', () => {
  it('lists the results grouped by page, each group titled and linked to its page', async () => {
    const { response, body } = await getSettled('/search?q=setup');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await textOf(body, 'h1')).toBe('Search results for “setup”');
    // Five records match, on two pages: the count is of pages.
    expect(await textOf(body, '.search-page-count')).toBe('2 pages match');
    expect(await countElements(body, 'section.search-group')).toBe(2);
    const page = main(body);
    expect(page).toContain('<h2 class="search-group-title"><a href="/guides/setup">Setup guide</a></h2>');
    expect(page).toContain('<h2 class="search-group-title"><a href="/intro">Introduction</a></h2>');
    expect(page.indexOf('Setup guide</a></h2>')).toBeLessThan(page.indexOf('Introduction</a></h2>'));
  });

  it('links each hit to its section and marks the words that matched', async () => {
    const page = main((await getSettled('/search?q=setup')).body);
    expect(page).toContain('<a href="/guides/setup" class="search-hit-title"><mark>Setup</mark> guide</a>');
    expect(page).toContain('<a href="/guides/setup#requirements" class="search-hit-title">Requirements</a>');
    expect(page).toMatch(/<p class="search-hit-snippet">This page links to <mark>setup<\/mark>/);
    // Nothing but <mark> is markup inside a hit's title or snippet.
    expect(page.match(/<(?!\/?(mark|a|p|li|ul|h1|h2|section|main|form|input|button)\b)[a-z]/g)).toBeNull();
  });

  it('gives every section a snippet, its own text when only its heading or page title matched', async () => {
    const page = main((await getSettled('/search?q=setup')).body);
    expect(page).toMatch(
      /<a href="\/guides\/setup#requirements" class="search-hit-title">Requirements<\/a><p class="search-hit-snippet">You need Node\.<\/p>/,
    );
    expect(page).toMatch(
      /<a href="\/guides\/setup" class="search-hit-title"><mark>Setup<\/mark> guide<\/a><p class="search-hit-snippet">Back to the introduction\.<\/p>/,
    );
    for (const query of ['setup', 'introduction', 'node', 'tips']) {
      const { data } = await searchJson(`/__search?q=${query}`);
      for (const section of data.groups.flatMap((group) => group.sections))
        expect(section.snippets.length, `${query}: ${section.url}`).toBeGreaterThan(0);
    }
  });

  it('shows at most three sections of a page, and links the rest with “N more on this page”', async () => {
    const { data } = await searchJson('/__search?q=introduction');
    const intro = data.groups.find((group) => group.url === '/intro')!;
    expect(intro.sections).toHaveLength(3);
    expect(intro.more).toMatchObject({
      count: expect.any(Number) as number,
      url: expect.stringMatching(/^\/intro#/) as string,
    });
    const page = main((await getSettled('/search?q=introduction')).body);
    expect(page).toContain(
      `<a href="${intro.more!.url}" class="search-group-more">${intro.more!.count} more on this page</a>`,
    );
  });

  it('shows the trail of headings above a deeper hit', async () => {
    const page = main((await getSettled('/search?q=install')).body);
    expect(page).toContain(
      '<a href="/intro#install-step" class="search-hit-title"><mark>Install</mark></a><p class="search-hit-trail">Getting started</p>',
    );
  });

  it('says so when nothing matches, and offers page titles close to the query', async () => {
    const none = await getSettled('/search?q=xylophone');
    expect(none.response.status).toBe(200);
    expect(await textOf(none.body, '.search-page-message-title')).toBe('No results for "xylophone"');
    expect(await countElements(none.body, 'section.search-group')).toBe(0);

    // Two typos in a word of five letters: more than a search forgives, not more than a suggestion.
    const close = await getSettled('/search?q=evxxy%20zebra');
    expect(await textOf(close.body, '.search-page-message-title')).toBe('No results for "evxxy zebra"');
    expect(main(close.body)).toContain('<li><a href="/search?q=Every+component">Every component</a></li>');
  });

  it('invites a search when there is no query, without searching', async () => {
    for (const path of ['/search', '/search?q=', '/search?q=%20%20']) {
      const { response, body } = await getSettled(path);
      expect(response.status).toBe(200);
      expect(await textOf(body, 'h1')).toBe('Search the documentation');
      expect(await textOf(body, '.search-page-hint')).toBe(
        'Type a few words above to search every page of the documentation.',
      );
      expect(await countElements(body, '.search-page-count')).toBe(0);
    }
  });

  it('works as a plain form: the query is in the box, and the form sends it back to /search', async () => {
    const page = main((await getSettled('/search?q=setup')).body);
    expect(page).toMatch(/<form class="search-page-form" role="search" action="\/search" method="get">/);
    expect(page).toMatch(/<input type="search"[^>]* name="q" value="setup"\/>/);
  });

  it('shows a hostile query as text', async () => {
    const { body } = await getSettled('/search?q=%3Cscript%3Ezqxv(1)%3C%2Fscript%3E');
    expect(body).not.toContain('<script>zqxv(1)</script>');
    expect(await textOf(body, 'h1')).toBe('Search results for “<script>zqxv(1)</script>”');
    expect(main(body)).not.toContain('<script>zqxv(1)</script>');
  });

  it('is never cached or indexed by search engines', async () => {
    const { response } = await getSettled('/search?q=setup');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('shows “Unable to fetch results” when the build has no search index', async () => {
    const restore = await loseSearchDirectory(build);
    try {
      const { response, body } = await getSettled('/search?q=setup');
      expect(response.status).toBe(200);
      expect(await textOf(body, '[role="alert"] .search-page-message-title')).toBe('Unable to fetch results');
    } finally {
      await restore();
    }
  });

  it('shows Algolia’s results when Algolia is configured', async () => {
    const hosts = standInUrls();
    const { body } = await getSettled('/search?q=setup', {}, withAlgolia([hosts.down, hosts.second]).env);
    expect(main(body)).toContain(
      '<h2 class="search-group-title"><a href="/standin/second">From stand-in second</a></h2>',
    );
  });
});

describe('the search page’s JSON', () => {
  const json = searchJson;

  it('returns the same grouped, highlighted results the page renders', async () => {
    const { response, data } = await json('/__search?q=node');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(data).toEqual({
      query: 'node',
      page: 0,
      nbPages: 1,
      matchedPages: 1,
      exhaustive: true,
      groups: [
        {
          title: 'Setup guide',
          url: '/guides/setup',
          sections: [
            {
              url: '/guides/setup#requirements',
              title: 'Requirements',
              trail: '',
              snippets: ['You need <mark>Node</mark>.'],
            },
          ],
        },
      ],
      suggestions: [],
    });
  });

  it('returns no groups and a few suggestions when nothing matches', async () => {
    const { data } = await json('/__search?q=evxxy%20zebra');
    expect(data).toMatchObject({ query: 'evxxy zebra', matchedPages: 0, groups: [] });
    expect(data.suggestions).toContain('Every component');
    expect(data.suggestions.length).toBeLessThanOrEqual(3);
  });

  it('returns an empty answer for an empty query', async () => {
    expect((await json('/__search?q=')).data).toEqual({
      query: '',
      page: 0,
      nbPages: 0,
      matchedPages: 0,
      exhaustive: true,
      groups: [],
      suggestions: [],
    });
  });

  it('reads the page number from 1, and treats a bad one as the first page', async () => {
    expect((await json('/__search?q=setup&page=1')).data.page).toBe(0);
    expect((await json('/__search?q=setup&page=2')).data.page).toBe(1);
    expect((await json('/__search?q=setup&page=abc')).data.page).toBe(0);
    expect((await json('/__search?q=setup&page=-3')).data.page).toBe(0);
  });

  it('cuts the query to 64 characters', async () => {
    const { data } = await json(`/__search?q=${'a'.repeat(100)}`);
    expect(data.query).toHaveLength(64);
  });
});
