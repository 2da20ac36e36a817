// The page about a term before a page that mentions it once: among records alike on every other
// criterion, a page with more records holding the query in their own text ranks first.

import { describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../../../../client/contract/search-protocol.ts';
import { builtIndex, pageRecord as record } from '../../../support/search-index.ts';

const pagesFound = async (records: SearchRecord[], query: string) => {
  const found = await builtIndex(records).search(query);
  return [...new Set(found.map((entry) => new URL(entry.url).pathname.slice(1)))];
};

describe('the page about a term', () => {
  // The page that mentions it in passing comes first in the build.
  const passing = record('runner', 'content', 'Unless exposeGlobals is false, globals are set.');
  const about = [
    'Set exposeGlobals to false to keep the globals out.',
    'With exposeGlobals off, import them from the package.',
    'exposeGlobals is read once, at start.',
  ].map((content, at) => record('behavior', 'content', content, at + 1));

  it('ranks the page whose records hold the term above a page mentioning it once', async () => {
    expect(await pagesFound([passing, ...about], 'exposeGlobals')).toEqual(['behavior', 'runner']);
  });

  it('keeps a title holding the term above the page that mentions it most', async () => {
    const titled = record('globals', 'lvl1', null, 0, 'exposeGlobals');
    expect((await pagesFound([passing, ...about, titled], 'exposeGlobals'))[0]).toBe('globals');
  });

  it('does not count a record holding the word only with a typo as a mention', async () => {
    const typos = [1, 2, 3].map((at) => ({
      ...record('runner', 'lvl2', null, at),
      hierarchy: { ...passing.hierarchy, lvl2: 'exposeGlobels' },
    }));
    expect(await pagesFound([passing, ...typos, ...about.slice(0, 2)], 'exposeGlobals')).toEqual([
      'behavior',
      'runner',
    ]);
  });
});
