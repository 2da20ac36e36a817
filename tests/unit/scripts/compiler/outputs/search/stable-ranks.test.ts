// Ranks a kept writer gives an edited page's records: those the edit left alone keep theirs, so
// their words' postings stay as they were.

import { describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../../../../../client/contract/search-protocol.ts';
import { pageRecordReader } from '../../../../../../client/contract/search-records.ts';
import { prepareSearchPage } from '../../../../../../scripts/compiler/outputs/search/prepare-page.ts';
import { recordKeys, reRanked, stableRanks } from '../../../../../../scripts/compiler/outputs/search/stable-ranks.ts';
import { pageRecord } from '../../../../support/search-index.ts';

const siteUrl = 'https://docs.example.test';

/** A page titled `Guide`: its title record, then a text record for each of `texts`. */
function page(texts: string[]): SearchRecord[] {
  return [
    pageRecord('guide', 'lvl1', null, 0, 'Guide'),
    ...texts.map((text, i) => pageRecord('guide', 'content', text, i + 1, 'Guide')),
  ];
}

const keysOf = (texts: string[]) => recordKeys(prepareSearchPage(page(texts), siteUrl)!.text) as string[];

describe('stable ranks', () => {
  it('are the ranks as the page reads when nothing moved', () => {
    expect(stableRanks(keysOf(['alpha', 'beta']), keysOf(['alpha', 'beta']))).toEqual([0, 1, 2]);
  });

  it('keep the later records where they were when a paragraph is added before them', () => {
    const ranks = stableRanks(keysOf(['alpha', 'beta', 'gamma']), keysOf(['new', 'alpha', 'beta', 'gamma']));
    expect(ranks).toEqual([0, 4, 1, 2, 3]);
  });

  it('give a changed paragraph the rank it had', () => {
    expect(stableRanks(keysOf(['alpha', 'beta', 'gamma']), keysOf(['alpha', 'BETA', 'gamma']))).toEqual([0, 1, 2, 3]);
  });

  it('leave a gap where a paragraph was taken out, and fill it with the next one added', () => {
    const before = keysOf(['alpha', 'beta', 'gamma']);
    expect(stableRanks(before, keysOf(['alpha', 'gamma']))).toEqual([0, 1, 3]);
    const gapped = [before[0], before[1], undefined, before[3]];
    expect(stableRanks(gapped, keysOf(['alpha', 'gamma', 'delta', 'epsilon']))).toEqual([0, 1, 3, 2, 4]);
  });

  it('take alike paragraphs in order, and keep the title first', () => {
    expect(stableRanks(keysOf(['same', 'same']), keysOf(['new', 'same', 'same']))).toEqual([0, 3, 1, 2]);
    const retitled = recordKeys(
      prepareSearchPage([pageRecord('guide', 'lvl1', null, 0, 'Guide, new title')], siteUrl)!.text,
    ) as string[];
    expect(stableRanks(keysOf(['alpha']), retitled)).toEqual([0]);
  });
});

describe('a page moved to stable ranks', () => {
  it('is the page itself when every rank is its place', () => {
    const prepared = prepareSearchPage(page(['alpha']), siteUrl)!;
    expect(reRanked(prepared, [0, 1])).toBe(prepared);
  });

  it("holds each record, its words' postings and its facet at its new rank, a gap where none is", () => {
    const records = page(['added words', 'alpha']);
    records[2] = { ...records[2]!, language: 'fr' as SearchRecord['language'] };
    const prepared = prepareSearchPage(records, siteUrl)!;
    // The added paragraph past a gap; alpha keeps rank 1.
    const moved = reRanked(prepared, [0, 3, 1]);
    expect(moved.span).toBe(4);
    expect(moved.records).toBe(3);
    const read = pageRecordReader(moved.text);
    expect(read.count).toBe(4);
    expect([0, 1, 2, 3].map((rank) => read(rank)?.[4] ?? null)).toEqual([null, 'alpha', null, 'added words']);
    expect(pageRecordReader(moved.headings)(3)).toBeUndefined();
    expect(moved.facetExceptions).toEqual([[1, 'fr', 'docs-default-current']]);

    const ranksOf = (term: string) => {
      const at = moved.terms.indexOf(term);
      const bytes = moved.blocks.subarray(at === 0 ? 0 : moved.blockEnds[at - 1], moved.blockEnds[at]);
      const ranks: number[] = [];
      // Each posting a one-byte rank gap (ranks here are small) and its meta byte.
      for (let i = 0, rank = 0; i < bytes.length; i += 2) ranks.push((rank += bytes[i]!));
      return ranks;
    };
    expect(ranksOf('alpha')).toEqual([1]);
    expect(ranksOf('added')).toEqual([3]);
    // In the title of every record: in rank order.
    expect(ranksOf('guide')).toEqual([0, 1, 3]);
  });
});
