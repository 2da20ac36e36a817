// The /search page's list: the engine's ranked hits (from either engine) grouped by page,
// pages counted and paged, at most three sections a page with "N more", a snippet for every
// section, <mark> where the query words are and everything else escaped.

import { describe, expect, it } from 'vitest';
import { searchLimits, type SearchHit, type SearchResult } from '../../../../../client/contract/search-protocol.ts';
import { relativeUrl } from '../../../../../client/contract/urls.ts';
import { searchPageQuery, searchPageResults } from '../../../../../worker/services/search/page-results.ts';

const origin = 'https://docs.example.test';

/** A hit as the engine returns it with no highlighting: text escaped, levels below the record's null. */
function hit(url: string, levels: Record<string, string>, content: string | null = null): SearchHit {
  const hierarchy = { lvl0: 'Docs', lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null, ...levels };
  return {
    objectID: `${url}-${Object.values(levels).join('-')}-${content ?? ''}`,
    url: `${origin}${url}`,
    url_without_anchor: `${origin}${url.split('#')[0]}`,
    type: content ? 'content' : (`lvl${Object.keys(levels).length}` as SearchHit['type']),
    hierarchy: hierarchy as SearchHit['hierarchy'],
    content,
    _highlightResult: {},
  };
}

function result(hits: SearchHit[], nbHits = hits.length): SearchResult {
  return {
    hits,
    nbHits,
    page: 0,
    nbPages: 1,
    hitsPerPage: 1000,
    processingTimeMS: 0,
    exhaustiveNbHits: true,
    query: 'q',
    params: '',
    index: 'docs',
  };
}

describe('search page results', () => {
  it('groups hits by page across the whole result set, best page first, and counts pages, not records', () => {
    const hits = [
      hit('/a', { lvl1: 'Page A' }),
      hit('/b#x', { lvl1: 'Page B', lvl2: 'X' }),
      hit('/a#y', { lvl1: 'Page A', lvl2: 'Y' }),
      ...Array.from({ length: 30 }, (_, i) => hit(`/a#y`, { lvl1: 'Page A', lvl2: 'Y' }, `Paragraph ${i} of q.`)),
      hit('/c', { lvl1: 'Page C' }),
    ];
    const page = searchPageResults(result(hits), 'q', 0);
    expect(page).toMatchObject({ page: 0, nbPages: 1, matchedPages: 3, exhaustive: true });
    expect(page.groups.map((group) => [group.title, group.url, group.sections.map((entry) => entry.url)])).toEqual([
      ['Page A', '/a', ['/a', '/a#y']],
      ['Page B', '/b', ['/b#x']],
      ['Page C', '/c', ['/c']],
    ]);
  });

  it('shows at most three sections of a page and links the rest with “N more on this page”', () => {
    const hits = ['s1', 's2', 's3', 's4', 's5'].map((anchor) =>
      hit(`/a#${anchor}`, { lvl1: 'Page', lvl2: anchor.toUpperCase() }, `Text of ${anchor} with q.`),
    );
    const [group] = searchPageResults(result(hits), 'q', 0).groups;
    expect(group!.sections.map((entry) => entry.url)).toEqual(['/a#s1', '/a#s2', '/a#s3']);
    expect(group!.sections.length).toBe(searchLimits.sectionsPerPage);
    expect(group!.more).toEqual({ count: 2, url: '/a#s4' });

    const [small] = searchPageResults(result(hits.slice(0, 3)), 'q', 0).groups;
    expect(small!.more).toBeUndefined();
  });

  it('pages over matching pages, ten a page', () => {
    const hits = Array.from({ length: 23 }, (_, i) => hit(`/p${i}`, { lvl1: `Page ${i}` }, `About q ${i}.`));
    const first = searchPageResults(result(hits), 'q', 0);
    expect(first).toMatchObject({ matchedPages: 23, nbPages: 3 });
    expect(first.groups.map((group) => group.url)).toEqual(Array.from({ length: 10 }, (_, i) => `/p${i}`));
    const last = searchPageResults(result(hits), 'q', 2);
    expect(last.groups.map((group) => group.url)).toEqual(['/p20', '/p21', '/p22']);
  });

  it('says the count is a lower bound when more records matched than it looked at', () => {
    const page = searchPageResults(result([hit('/a', { lvl1: 'A' }, 'q')], 5000), 'q', 0);
    expect(page).toMatchObject({ matchedPages: 1, exhaustive: false });
  });

  it('gives every section a snippet: its paragraphs that contain the words, else its text, else the text beneath it', () => {
    const hits = [
      // A heading that matched; its paragraph does not contain the word.
      hit('/a#overview', { lvl1: 'Page', lvl2: 'Quantum overview' }),
      hit('/a#overview', { lvl1: 'Page', lvl2: 'Quantum overview' }, 'What this part covers.'),
      // Paragraphs that contain the word: two at most.
      hit('/a#keys', { lvl1: 'Page', lvl2: 'Keys' }, 'One quantum key.'),
      hit('/a#keys', { lvl1: 'Page', lvl2: 'Keys' }, 'Nothing here.'),
      hit('/a#keys', { lvl1: 'Page', lvl2: 'Keys' }, 'Two quantum keys.'),
      hit('/a#keys', { lvl1: 'Page', lvl2: 'Keys' }, 'Three quantum keys.'),
      // A heading with no text of its own, followed by a subsection.
      hit('/b#quantum-plans', { lvl1: 'Other', lvl2: 'Quantum plans' }),
      hit('/b#first-step', { lvl1: 'Other', lvl2: 'Quantum plans', lvl3: 'First step' }, 'Start small.'),
    ];
    const [a, b] = searchPageResults(result(hits), 'quantum', 0).groups;
    expect(a!.sections).toEqual([
      { url: '/a#overview', title: '<mark>Quantum</mark> overview', trail: '', snippets: ['What this part covers.'] },
      {
        url: '/a#keys',
        title: 'Keys',
        trail: '',
        snippets: ['One <mark>quantum</mark> key.', 'Two <mark>quantum</mark> keys.'],
      },
    ]);
    expect(b!.sections[0]).toEqual({
      url: '/b#quantum-plans',
      title: '<mark>Quantum</mark> plans',
      trail: '',
      snippets: ['Start small.'],
    });
    expect(b!.sections[1]).toMatchObject({ title: 'First step', trail: 'Quantum plans', snippets: ['Start small.'] });
    for (const section of [...a!.sections, ...b!.sections]) expect(section.snippets.length).toBeGreaterThan(0);
  });

  it('titles a section by its deepest heading and shows the headings between it and the page as a trail', () => {
    const [group] = searchPageResults(
      result([hit('/a#z', { lvl1: 'Page', lvl2: 'Section', lvl3: 'Sub', lvl4: 'Deep' }, 'Deep text.')]),
      'deep',
      0,
    ).groups;
    expect(group!.sections[0]).toMatchObject({ title: '<mark>Deep</mark>', trail: 'Section › Sub' });
  });

  it('marks the words and escapes the rest, whether the engine escaped the text or not', () => {
    const escapedByEngine = hit('/a', { lvl1: '&lt;b&gt;Bold&lt;/b&gt;' }, 'Use &lt;script&gt; here &amp; there');
    const [group] = searchPageResults(result([escapedByEngine]), 'bold script', 0).groups;
    expect(group!.title).toBe('<b>Bold</b>');
    expect(group!.sections[0]).toMatchObject({
      title: '&lt;b&gt;<mark>Bold</mark>&lt;/b&gt;',
      snippets: ['Use &lt;<mark>script</mark>&gt; here &amp; there'],
    });
  });

  it('links to the path of a hit, so results work on any host the site is served from', () => {
    expect(relativeUrl('https://docs.example.test/guides/setup#requirements')).toBe('/guides/setup#requirements');
    expect(relativeUrl('/intro')).toBe('/intro');
    const elsewhere = { ...hit('/guides/setup', { lvl1: 'Setup' }), url: 'https://elsewhere.example/guides/setup' };
    delete elsewhere.url_without_anchor;
    expect(searchPageResults(result([elsewhere]), 'setup', 0).groups[0]!.url).toBe('/guides/setup');
  });

  it('asks either engine for up to 1000 ranked hits of English current docs and pages outside the docs, with no highlighting', () => {
    expect(searchPageQuery('setup')).toMatchObject({
      query: 'setup',
      page: 0,
      hitsPerPage: 1000,
      attributesToHighlight: [],
      attributesToSnippet: {},
      facetFilters: [['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
    });
  });
});
