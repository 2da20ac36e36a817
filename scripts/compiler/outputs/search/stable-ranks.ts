// Ranks that stay put when a kept writer (`npm start`'s) takes an edited page in again. A record's
// id is its page's place and its rank in the page, and a fresh build ranks a page's records as
// they read. An edit that adds a paragraph near the top would then move every later record's
// rank, and so change the postings of every word of the page, the commonest words of the site
// among them, each a large piece to make again. Here a record the edit left as it was keeps its
// old rank; a new or changed one takes a rank the edit freed, else one past the page's last.
// The page then reads in another order than its ranks until the next fresh build: only ties
// between records of that page may be ordered differently.

import { pageRecordReader } from '../../../../client/contract/search-records.ts';
import { BlockBytes, type PreparedSearchPage } from './prepare-page.ts';
import { BlockReader } from './term-postings.ts';

/** A prepared page whose ranks may leave gaps: `span` ranks, of which `records` hold a record. */
export type RankedSearchPage = PreparedSearchPage & { span?: number };

/**
 * What a record is to the postings, slot by slot of a page's stored records (`undefined` for a
 * gap): its type, headings and text, not its id or anchor, which no posting holds.
 */
export function recordKeys(text: string): (string | undefined)[] {
  const read = pageRecordReader(text);
  return Array.from({ length: read.count }, (_, rank) => {
    const record = read(rank);
    return record && JSON.stringify([record[2], record[3], record[4]]);
  });
}

/**
 * For each record of the page as it now reads, its rank: the old rank of an unchanged record
 * (records alike taken in order), else the lowest rank left free, then ranks past the old ones.
 * The first record (the title) keeps rank 0: a page's first id names its title.
 */
export function stableRanks(before: (string | undefined)[], now: string[]): number[] {
  const oldRanks = new Map<string, number[]>();
  before.forEach((key, rank) => {
    if (key === undefined || rank === 0) return;
    const ranks = oldRanks.get(key);
    if (ranks) ranks.push(rank);
    else oldRanks.set(key, [rank]);
  });
  const ranks = now.map((key, index) => (index === 0 ? 0 : (oldRanks.get(key)?.shift() ?? -1)));
  const taken = new Set(ranks);
  let free = 0;
  for (let index = 0; index < ranks.length; index++) {
    if (ranks[index] !== -1) continue;
    while (taken.has(free)) free++;
    ranks[index] = free;
    taken.add(free);
  }
  return ranks;
}

/** The page with its records at `ranks` (`stableRanks`); the page itself where they are 0, 1, 2…. */
export function reRanked(page: PreparedSearchPage, ranks: number[]): RankedSearchPage {
  if (ranks.every((rank, index) => rank === index)) return page;
  const span = Math.max(...ranks) + 1;
  const blocks = new BlockBytes();
  const blockEnds: number[] = [];
  let at = 0;
  for (const end of page.blockEnds) {
    reRankBlock(blocks, page.blocks, at, end, ranks);
    blockEnds.push(blocks.byteLength);
    at = end;
  }
  return {
    ...page,
    span,
    blocks: blocks.written(),
    blockEnds,
    facetExceptions: page.facetExceptions.map(([rank, language, tag]) => [ranks[rank]!, language, tag]),
    text: placed(page.text, ranks, span),
    headings: placed(page.headings, ranks, span),
  };
}

/** A page's stored records (search-records.ts) moved to their ranks, a gap (0) where none is. */
function placed(text: string, ranks: number[], span: number): string {
  const stored = JSON.parse(text) as { records: unknown[] };
  const records: unknown[] = Array.from({ length: span }, () => 0);
  stored.records.forEach((record, index) => (records[ranks[index]!] = record));
  return JSON.stringify({ ...stored, records });
}

/** A term block (prepare-page.ts: rank gaps and meta bytes) written into `blocks` with new ranks, in rank order. */
function reRankBlock(blocks: BlockBytes, source: Uint8Array, start: number, end: number, ranks: number[]): void {
  const postings: [number, number][] = [];
  const reader = new BlockReader(source);
  reader.at = start;
  let rank = 0;
  while (reader.at < end) {
    rank += reader.varint();
    postings.push([ranks[rank]!, reader.byte()]);
  }
  postings.sort((a, b) => a[0] - b[0]);
  blocks.block(
    postings.map(([newRank]) => newRank),
    postings.map(([, meta]) => meta),
  );
}
