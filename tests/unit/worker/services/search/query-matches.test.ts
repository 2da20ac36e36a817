// When the records holding every word are not answer enough, the records holding most of them
// follow (Algolia's optional words): none, one, or all in one page.

import { describe, expect, it } from 'vitest';
import type { RecordType, SearchRecord } from '../../../../../client/contract/search-protocol.ts';
import { builtIndex } from '../../../support/search-index.ts';

function record(page: string, type: RecordType, content: string | null, position = 0): SearchRecord {
  const url = `https://docs.example.test/${page}`;
  return {
    objectID: `${page}-${type}-${position}`,
    url,
    url_without_anchor: url,
    anchor: null,
    type,
    hierarchy: { lvl0: 'Docs', lvl1: page, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content,
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    weight: { level: 0, position, pageRank: 0 },
  };
}

describe('best-effort records after full matches', () => {
  it('follows full matches that all lie in one page with the pages holding most of the words', async () => {
    // A tutorial's paragraphs hold every word in passing; the matchers page lacks the small ones.
    const records = [
      record('tutorial', 'content', 'Match an element by its testID, then tap it.', 1),
      record('tutorial', 'content', 'To match an element by testID, add the prop.', 2),
      record('matchers', 'content', 'by.id matches the testID prop.', 1),
    ];
    const index = builtIndex(records);
    expect((await index.engine.search('match an element by testID')).fullCount).toBe(2);
    const pages = new Set((await index.search('match an element by testID')).map((hit) => new URL(hit.url).pathname));
    expect([...pages]).toEqual(['/tutorial', '/matchers']);
  });
});
