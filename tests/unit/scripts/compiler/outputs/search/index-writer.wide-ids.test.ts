// A search index of more than 65,536 pages: record ids keep 32 bits by giving the rank fewer bits,
// so every page past 65,535 is found, and a page with more records than the ids leave room for is
// a build error that names it.

import { describe, expect, it } from 'vitest';
import { docusaurusTag, type SearchRecord } from '../../../../../../client/contract/search-protocol.ts';
import { rankBitsFor, type SearchRoot } from '../../../../../../client/contract/index-pieces.ts';
import { BuildError } from '../../../../../../scripts/compiler/errors.ts';
import { createSearchIndexWriter } from '../../../../../../scripts/compiler/outputs/search/index-writer.ts';
import { openIndex } from '../../../../support/search-index.ts';

const siteUrl = 'https://docs.example.test';

/** A page of one title record and `texts` text records: cheap, so a test can write 70,000 of them. */
function page(index: number, title: string, texts: string[] = []): SearchRecord[] {
  const url = `${siteUrl}/docs/page-${index}`;
  const record = (type: SearchRecord['type'], content: string | null, position: number): SearchRecord => ({
    objectID: `${index}-${position}`,
    url: position === 0 ? url : `${url}#p${position}`,
    url_without_anchor: url,
    anchor: position === 0 ? null : `p${position}`,
    type,
    hierarchy: { lvl0: 'Documentation', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content,
    language: 'en',
    docusaurus_tag: docusaurusTag,
    weight: { level: 0, position, pageRank: 0 },
  });
  return [record('lvl1', null, 0), ...texts.map((text, i) => record('content', text, i + 1))];
}

describe('a search index of more than 65,536 pages', () => {
  it('gives ids room for every page and finds pages past 65,535', async () => {
    const pages = 70_000;
    const writer = createSearchIndexWriter({ siteUrl });
    for (let i = 0; i < pages; i++) {
      const words = i === 65_536 ? ['quokka'] : i === 69_999 ? ['wombat', 'quokka'] : ['common'];
      writer.addPage(i, page(i, `Page ${i}`, [`${words.join(' ')} text of page ${i % 100}`]));
    }
    const written = writer.finish();
    const root = JSON.parse(written.pieces.get(written.directory)!) as SearchRoot;
    expect(root.rankBits).toBe(15);
    const index = openIndex(written, { asBytes: true });
    expect((await index.search('wombat')).map((hit) => hit.url)).toEqual([`${siteUrl}/docs/page-69999#p1`]);
    expect(new Set((await index.search('quokka')).map((hit) => hit.url_without_anchor))).toEqual(
      new Set([`${siteUrl}/docs/page-65536`, `${siteUrl}/docs/page-69999`]),
    );
    // The title record of the last page, through its own id.
    expect((await index.search('69999')).map((hit) => hit.url)).toContain(`${siteUrl}/docs/page-69999`);
  }, 300_000);

  it('keeps the ids of a site of up to 65,536 pages as they were', () => {
    expect(rankBitsFor(10_000)).toBe(16);
    expect(rankBitsFor(65_536)).toBe(16);
    expect(rankBitsFor(65_537)).toBe(15);
    expect(rankBitsFor(1_000_000)).toBe(12);
  });

  it('refuses a page with more records than the ids leave room for, naming it', () => {
    const writer = createSearchIndexWriter({ siteUrl });
    // 2^32 / 2^20 pages leave 12 bits of rank: at most 4,095 records a page.
    writer.addPage(2 ** 20 - 1, page(7, 'Last'));
    writer.addPage(
      3,
      page(
        3,
        'Big page',
        Array.from({ length: 4_095 }, (_, i) => `line ${i}`),
      ),
    );
    let error: unknown;
    try {
      writer.finish();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).file).toBe(`${siteUrl}/docs/page-3`);
    expect((error as BuildError).problem).toContain('at most 4095 search records a page');
  });
});
