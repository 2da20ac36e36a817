// The /search page's list: Algolia hits (from either engine) grouped by page, with the
// engine's highlight sentinels turned into <mark> and everything else escaped.

import { describe, expect, it } from 'vitest';
import type { SearchHit, SearchResult } from '../../client/model.ts';
import { highlightTags, relativeUrl, searchPageGroups, searchPageRequest } from '../../client/search/results.ts';

const { pre, post } = highlightTags;

function hit(url: string, levels: Record<string, string>, extra: Partial<SearchHit> = {}): SearchHit {
  const hierarchy = { lvl0: 'Docs', lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null, ...levels };
  return {
    objectID: `${url}-${Object.values(levels).join('-')}`,
    url,
    url_without_anchor: url.split('#')[0],
    hierarchy: hierarchy as SearchHit['hierarchy'],
    _highlightResult: {
      hierarchy: Object.fromEntries(
        Object.entries(levels).map(([level, value]) => [level, { value, matchLevel: 'none', matchedWords: [] }]),
      ),
    },
    ...extra,
  };
}

function result(hits: SearchHit[]): SearchResult {
  return {
    hits,
    nbHits: hits.length,
    page: 0,
    nbPages: 1,
    hitsPerPage: 20,
    processingTimeMS: 0,
    exhaustiveNbHits: true,
    query: 'q',
    params: '',
    index: 'docs',
  };
}

describe('search page groups', () => {
  it('groups hits by page in the order the pages first appear, titled by the page title', () => {
    const groups = searchPageGroups(
      result([
        hit('https://docs.example.test/a', { lvl1: 'Page A' }),
        hit('https://docs.example.test/b#x', { lvl1: 'Page B', lvl2: 'X' }),
        hit('https://docs.example.test/a#y', { lvl1: 'Page A', lvl2: 'Y' }),
      ]),
    );
    expect(groups.map((group) => [group.title, group.url, group.hits.map((entry) => entry.url)])).toEqual([
      ['Page A', '/a', ['/a', '/a#y']],
      ['Page B', '/b', ['/b#x']],
    ]);
  });

  it('titles a hit by its deepest heading and shows the headings between it and the page as a trail', () => {
    const [group] = searchPageGroups(
      result([hit('https://docs.example.test/a#z', { lvl1: 'Page', lvl2: 'Section', lvl3: 'Sub', lvl4: 'Deep' })]),
    );
    expect(group!.hits[0]).toMatchObject({ title: 'Deep', trail: 'Section › Sub' });
  });

  it('merges several paragraphs of one section into one entry with at most two snippets', () => {
    const paragraph = (text: string) =>
      hit(
        'https://docs.example.test/a#s',
        { lvl1: 'Page', lvl2: 'S' },
        { content: text, _snippetResult: { content: { value: text, matchLevel: 'full' } } },
      );
    const [group] = searchPageGroups(result([paragraph('One.'), paragraph('Two.'), paragraph('Three.')]));
    expect(group!.hits).toEqual([{ url: '/a#s', title: 'S', trail: '', snippets: ['One.', 'Two.'] }]);
  });

  it('turns the highlight sentinels into <mark> and escapes the rest, whether the engine escaped it or not', () => {
    const escapedByEngine = hit(
      'https://docs.example.test/a',
      { lvl1: `&lt;b&gt;${pre}Bold${post}&lt;/b&gt;` },
      {
        content: '',
        _snippetResult: { content: { value: `Use &lt;script&gt; ${pre}here${post} &amp; there`, matchLevel: 'full' } },
      },
    );
    const [group] = searchPageGroups(result([escapedByEngine]));
    expect(group!.title).toBe('<b>Bold</b>');
    expect(group!.hits[0]).toMatchObject({
      title: '&lt;b&gt;<mark>Bold</mark>&lt;/b&gt;',
      snippets: ['Use &lt;script&gt; <mark>here</mark> &amp; there'],
    });

    const rawFromAlgolia = hit('https://docs.example.test/b', { lvl1: `<img src=x onerror=alert(1)>${pre}B${post}` });
    expect(searchPageGroups(result([rawFromAlgolia]))[0]!.hits[0]!.title).toBe(
      '&lt;img src=x onerror=alert(1)&gt;<mark>B</mark>',
    );
  });

  it('links to the path of a hit, so results work on any host the site is served from', () => {
    expect(relativeUrl('https://docs.example.test/guides/setup#requirements')).toBe('/guides/setup#requirements');
    expect(relativeUrl('/intro')).toBe('/intro');
    const [group] = searchPageGroups(result([hit('https://elsewhere.example/guides/setup', { lvl1: 'Setup' })]));
    expect(group!.url).toBe('/guides/setup');
  });

  it('asks the engine for English docs of the current version, with snippets and sentinel tags', () => {
    expect(searchPageRequest('setup', 2).requests[0]).toMatchObject({
      query: 'setup',
      page: 2,
      hitsPerPage: 20,
      highlightPreTag: pre,
      highlightPostTag: post,
      facetFilters: [['language:en'], ['docusaurus_tag:docs-default-current']],
    });
  });
});
