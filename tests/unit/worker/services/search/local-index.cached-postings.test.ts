// An isolate keeps the postings it decoded (pieces.ts `derived`) across builds: a redeploy of the
// content, or an edit under `npm start`, leaves the worker running. A common word's postings span
// several pieces, and an edit remakes only those around the edited page; the first often stays.
// What the isolate kept for another build must not stand in for this build's postings.

import { describe, expect, it } from 'vitest';
import { smallPieceSizes } from '../../../support/synthetic-pages.ts';
import { openIndex, pageRecord, writeIndex } from '../../../support/search-index.ts';

/** Pieces so small that `common`'s postings lie in many. */
const sizes = { ...smallPieceSizes, longTerm: 256 };

function site(extra: boolean) {
  const records = Array.from({ length: 300 }, (_, page) => [
    pageRecord(`page-${page}`, 'lvl1', null, 0),
    pageRecord(`page-${page}`, 'content', `common words of page ${page}`, 1),
  ]).flat();
  if (extra) records.push(pageRecord('page-299', 'content', 'one more common paragraph', 2));
  return writeIndex(records, sizes);
}

describe("a word's postings kept from another build's index", () => {
  it('are not answered for this build when only a later piece of the word changed', async () => {
    const before = site(false);
    const after = site(true);
    const piecesOf = (written: typeof before, word: string) =>
      [...written.pieces.entries()].filter(([, text]) => text.includes(word)).map(([hash]) => hash);
    // The word spans several pieces, and the build after the edit shares the first of them.
    const shared = piecesOf(before, 'common').filter((hash) => after.pieces.has(hash));
    expect(shared.length).toBeGreaterThan(0);
    expect(piecesOf(after, 'common').some((hash) => !before.pieces.has(hash))).toBe(true);

    expect((await openIndex(before).engine.search('common')).count).toBe(300);
    const edited = openIndex(after);
    expect((await edited.engine.search('common')).count).toBe(301);
    expect((await edited.search('common paragraph'))[0]?.content).toBe('one more common paragraph');
  });
});
