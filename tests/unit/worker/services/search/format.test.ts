// How the embedded index's matches come back to DocSearch: Algolia's result shape, the
// highlighted and snippeted values it renders as HTML, and escaping of the page text itself.

import { describe, expect, it } from 'vitest';
import type {
  HighlightValue,
  SearchHit,
  SearchRecord,
  SnippetValue,
} from '../../../../../client/contract/search-protocol.ts';
import { formatResult } from '../../../../../worker/services/search/format.ts';
import { parseSearchBody } from '../../../../../worker/services/search/protocol.ts';

function record(
  overrides: { title?: string; lvl2?: string | null; content?: string | null; page?: string; position?: number } = {},
): SearchRecord {
  const url = `https://docs.example.test/${overrides.page ?? 'guide'}`;
  return {
    objectID: `${overrides.page ?? 'guide'}-${overrides.position ?? 0}`,
    url: `${url}#section`,
    url_without_anchor: url,
    anchor: 'section',
    type: overrides.content ? 'content' : overrides.lvl2 ? 'lvl2' : 'lvl1',
    hierarchy: {
      lvl0: 'Guides',
      lvl1: overrides.title ?? 'Install the node',
      lvl2: overrides.lvl2 ?? null,
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    },
    content: overrides.content ?? null,
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    weight: { level: 0, position: overrides.position ?? 0, pageRank: 0 },
  };
}

const marks = { highlightPreTag: '<mark>', highlightPostTag: '</mark>' };

function format(request: Record<string, unknown>, records: SearchRecord[]) {
  const [query] = parseSearchBody(JSON.stringify({ requests: [{ indexName: 'docs', ...request }] }));
  return formatResult(query!, records, Date.now());
}

function hitFor(request: Record<string, unknown>, one: SearchRecord): SearchHit {
  return format(request, [one]).hits[0]!;
}

const lvl = (hit: SearchHit, level: string) =>
  (hit._highlightResult.hierarchy as Record<string, HighlightValue>)[level]!;
const contentHighlight = (hit: SearchHit) => hit._highlightResult.content as HighlightValue;
const contentSnippet = (hit: SearchHit) => hit._snippetResult!.content as SnippetValue;

/** Text with our highlight tags taken out: what must not contain any other markup. */
const withoutMarks = (html: string) => html.replaceAll('<mark>', '').replaceAll('</mark>', '');

describe('highlighting', () => {
  it('marks an API name found by one of the words it is made of', () => {
    const hit = hitFor({ query: 'return value', ...marks }, record({ content: 'Call mockReturnValue first.' }));
    expect(contentHighlight(hit).value).toBe('Call <mark>mockReturnValue</mark> first.');
    expect(contentHighlight(hit).matchedWords).toEqual(['return']);
  });

  it('wraps the matched words of each hierarchy level in the requested tags', () => {
    const hit = hitFor({ query: 'install node', ...marks }, record());
    expect(lvl(hit, 'lvl1')).toEqual({
      value: '<mark>Install</mark> the <mark>node</mark>',
      matchLevel: 'full',
      matchedWords: ['install', 'node'],
      fullyHighlighted: false,
    });
    expect(lvl(hit, 'lvl0')).toEqual({ value: 'Guides', matchLevel: 'none', matchedWords: [] });
  });

  it('uses whatever simple tags the client asks for', () => {
    const hit = hitFor({ query: 'node', highlightPreTag: '<span class="hl">', highlightPostTag: '</span>' }, record());
    expect(lvl(hit, 'lvl1').value).toBe('Install the <span class="hl">node</span>');
    expect(lvl(hitFor({ query: 'node' }, record()), 'lvl1').value).toBe('Install the <em>node</em>');
  });

  it('calls a match partial when only some query words are in the value', () => {
    const hit = hitFor({ query: 'node cluster', ...marks }, record());
    expect(lvl(hit, 'lvl1')).toMatchObject({ matchLevel: 'partial', matchedWords: ['node'] });
  });

  it('says when every word of the value is highlighted', () => {
    expect(lvl(hitFor({ query: 'install the node', ...marks }, record()), 'lvl1').fullyHighlighted).toBe(true);
  });

  it('highlights a word found through a typo and the word the last query word begins', () => {
    const hit = hitFor({ query: 'nide instal', ...marks }, record());
    expect(lvl(hit, 'lvl1').value).toBe('<mark>Install</mark> the <mark>node</mark>');
    expect([...lvl(hit, 'lvl1').matchedWords].sort()).toEqual(['instal', 'nide']);
    expect(lvl(hit, 'lvl1').matchLevel).toBe('full');
  });

  it('does not highlight a word that only an earlier query word begins', () => {
    const hit = hitFor({ query: 'inst node', ...marks }, record());
    expect(lvl(hit, 'lvl1').value).toBe('Install the <mark>node</mark>');
    expect(lvl(hit, 'lvl1').matchLevel).toBe('partial');
  });

  it('highlights the content of a content record and leaves out levels the record does not have', () => {
    const hit = hitFor({ query: 'token', ...marks }, record({ lvl2: 'Tokens', content: 'Rotate the token often.' }));
    expect(contentHighlight(hit).value).toBe('Rotate the <mark>token</mark> often.');
    expect(Object.keys(hit._highlightResult.hierarchy as object)).toEqual(['lvl0', 'lvl1', 'lvl2']);
  });
  it('highlights only the attributes named in attributesToHighlight, and none for an empty list', () => {
    const one = record({ lvl2: 'Node setup', content: 'Run the node.' });
    const onlyContent = hitFor({ query: 'node', ...marks, attributesToHighlight: ['content'] }, one);
    expect(onlyContent._highlightResult).toEqual({
      content: contentHighlight(hitFor({ query: 'node', ...marks }, one)),
    });
    const onlyLevel = hitFor({ query: 'node', ...marks, attributesToHighlight: ['hierarchy.lvl2'] }, one);
    expect(Object.keys(onlyLevel._highlightResult.hierarchy as object)).toEqual(['lvl2']);
    expect(hitFor({ query: 'node', ...marks, attributesToHighlight: [] }, one)._highlightResult).toEqual({});
  });
});

describe('snippets', () => {
  const words = (count: number, from = 1) => Array.from({ length: count }, (_, index) => `word${index + from}`);
  const longText = [...words(19), 'passport', ...words(20, 21)].join(' ');

  it('cuts the content to the requested number of words around the first match, with the ellipsis at both cut ends', () => {
    const hit = hitFor(
      { query: 'passport', attributesToSnippet: ['content:10'], snippetEllipsisText: '…', ...marks },
      record({ content: longText }),
    );
    const { value, matchLevel } = contentSnippet(hit);
    expect(matchLevel).toBe('full');
    expect(value.startsWith('…')).toBe(true);
    expect(value.endsWith('…')).toBe(true);
    expect(value.slice(1, -1).split(' ')).toHaveLength(10);
    expect(value).toContain('<mark>passport</mark>');
    expect(value).toBe('…word17 word18 word19 <mark>passport</mark> word21 word22 word23 word24 word25 word26…');
  });

  const fruit = 'apple banana cherry damson elderberry fig grape kiwi lemon mango olive papaya';

  it('puts no ellipsis before a snippet that starts at the beginning of the text', () => {
    const hit = hitFor(
      { query: 'apple', attributesToSnippet: ['content:5'], snippetEllipsisText: '...', ...marks },
      record({ content: fruit }),
    );
    expect(contentSnippet(hit).value).toBe('<mark>apple</mark> banana cherry damson elderberry...');
  });

  it('puts no ellipsis after a snippet that reaches the end of the text', () => {
    const hit = hitFor(
      { query: 'papaya', attributesToSnippet: ['content:5'], snippetEllipsisText: '…', ...marks },
      record({ content: fruit }),
    );
    expect(contentSnippet(hit).value).toBe('…kiwi lemon mango olive <mark>papaya</mark>');
  });

  it('returns short text whole, without an ellipsis', () => {
    const hit = hitFor(
      { query: 'token', attributesToSnippet: ['content:10'], ...marks },
      record({ content: 'Rotate the token.' }),
    );
    expect(contentSnippet(hit)).toEqual({ value: 'Rotate the <mark>token</mark>.', matchLevel: 'full' });
  });

  it('snippets the start of the text when the match is only in the title', () => {
    const hit = hitFor(
      { query: 'install', attributesToSnippet: ['content:3'], ...marks },
      record({ content: 'One two three four five.' }),
    );
    expect(contentSnippet(hit)).toEqual({ value: 'One two three…', matchLevel: 'none' });
  });

  it('snippets hierarchy levels under _snippetResult.hierarchy, as DocSearch reads them', () => {
    const hit = hitFor(
      { query: 'node', attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'content:10'], ...marks },
      record(),
    );
    expect(hit._snippetResult).toEqual({
      hierarchy: { lvl1: { value: 'Install the <mark>node</mark>', matchLevel: 'full' } },
    });
  });
});

describe('escaping of page text', () => {
  const hostile = record({
    title: '<img src=x onerror=alert(1)> Tags',
    content: 'Use <script>alert("token")</script> & \'quotes\' with the token.',
  });

  it('returns the text of a record escaped, so a <script> in the docs stays text', () => {
    const hit = hitFor({ query: 'token', ...marks }, hostile);
    expect(hit.content).toBe(
      'Use &lt;script&gt;alert(&quot;token&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; with the token.',
    );
    expect(hit.hierarchy!.lvl1).toBe('&lt;img src=x onerror=alert(1)&gt; Tags');
  });

  it('leaves only its own highlight tags as markup in highlights and snippets', () => {
    const hit = hitFor(
      { query: 'token script img', attributesToSnippet: ['content:4', 'hierarchy.lvl1:10'], ...marks },
      hostile,
    );
    const values = [
      contentHighlight(hit).value,
      lvl(hit, 'lvl1').value,
      contentSnippet(hit).value,
      (hit._snippetResult!.hierarchy as Record<string, SnippetValue>).lvl1!.value,
    ];
    for (const value of values) {
      expect(value).toContain('<mark>');
      expect(withoutMarks(value)).not.toMatch(/[<>"]/);
    }
    expect(contentHighlight(hit).value).toBe(
      'Use &lt;<mark>script</mark>&gt;alert(&quot;<mark>token</mark>&quot;)&lt;/<mark>script</mark>&gt; &amp; &#39;quotes&#39; with the <mark>token</mark>.',
    );
  });

  it('escapes the snippet ellipsis text too', () => {
    const hit = hitFor(
      { query: 'five', attributesToSnippet: ['content:2'], snippetEllipsisText: '<…>' },
      record({ content: 'One two three four five six seven.' }),
    );
    expect(contentSnippet(hit).value).toBe('&lt;…&gt;<em>five</em> six&lt;…&gt;');
  });
});

describe('the result object', () => {
  const records = Array.from({ length: 5 }, (_, index) =>
    record({ page: `page${index}`, position: index, content: `Token number ${index}.` }),
  );

  it('pages through the matches and says how many there are', () => {
    const result = format({ query: 'token', hitsPerPage: 2, page: 1 }, records);
    expect(result.hits.map((hit) => hit.objectID)).toEqual(['page2-2', 'page3-3']);
    expect(result).toMatchObject({
      nbHits: 5,
      page: 1,
      nbPages: 3,
      hitsPerPage: 2,
      query: 'token',
      index: 'docs',
      exhaustiveNbHits: true,
    });
    expect(result.processingTimeMS).toBeGreaterThanOrEqual(0);
  });

  it('returns an empty page past the last one', () => {
    const result = format({ query: 'token', hitsPerPage: 2, page: 9 }, records);
    expect(result.hits).toEqual([]);
    expect(result).toMatchObject({ nbHits: 5, page: 9, nbPages: 3 });
  });

  it('echoes the normalised request in params', () => {
    const params = new URLSearchParams(
      format({ query: 'token', hitsPerPage: 2, attributesToSnippet: ['content:10'] }, records).params,
    );
    expect(params.get('query')).toBe('token');
    expect(params.get('hitsPerPage')).toBe('2');
    expect(params.get('attributesToSnippet')).toBe('["content:10"]');
  });

  it('returns all of a hit’s attributes when none are named, and only the named ones otherwise', () => {
    const all = format({ query: 'token' }, records).hits[0]!;
    expect(all).toMatchObject({
      objectID: 'page0-0',
      url: 'https://docs.example.test/page0#section',
      url_without_anchor: 'https://docs.example.test/page0',
      anchor: 'section',
      type: 'content',
      content: 'Token number 0.',
      language: 'en',
      docusaurus_tag: 'docs-default-current',
    });
    expect(all).not.toHaveProperty('weight');
    const some = format({ query: 'token', attributesToRetrieve: ['hierarchy.lvl1', 'url'] }, records).hits[0]!;
    expect(Object.keys(some).sort()).toEqual(['_highlightResult', '_snippetResult', 'hierarchy', 'objectID', 'url']);
    expect(some.hierarchy).toEqual({ lvl1: 'Install the node' });
  });

  it('leaves the queryID to the search route, which signs one per answer (the formatted answer is cached)', () => {
    expect(format({ query: 'token', clickAnalytics: true }, records)).not.toHaveProperty('queryID');
    expect(format({ query: 'token' }, records)).not.toHaveProperty('queryID');
  });
});
