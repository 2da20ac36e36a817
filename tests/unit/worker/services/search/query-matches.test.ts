// When the records holding every word are not answer enough, the records holding most of them
// follow (Algolia's optional words): none, one, or all in one page.

import { describe, expect, it } from 'vitest';
import { builtIndex, pageRecord as record } from '../../../support/search-index.ts';

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
