// What the search writer makes of one page before it adds it: its records in rank order, each
// term's postings block and the compact record texts. Apart from the page's place in the build
// it depends on the page alone, so a compile thread makes it and the build's own thread only
// merges (index-writer.ts `addPrepared`): tokenising is most of the writer's work.

import { docusaurusTag, type SearchRecord } from '../../../../client/contract/search-protocol.ts';
import { fieldBits, typeRank } from '../../../../client/contract/index-pieces.ts';
import { compactRecord, encodePageHeadings, encodePageRecords } from '../../../../client/contract/search-records.ts';
import { extractField, indexedFields, indexTerms } from '../../../../client/contract/search-text.ts';
import { VarintBytes } from './varint-bytes.ts';

/** A page's part of the index, without its place in the build: plain data, so it crosses threads. */
export interface PreparedSearchPage {
  /** Records of the page. */
  records: number;
  url: string;
  /** The version tag the page's records share. */
  tag: string;
  /** Its terms, in the order they first occur. */
  terms: string[];
  /** Each term's block (TermPostings.addBlock), one after another; `blockEnds[i]` ends term i's. */
  blocks: Uint8Array;
  blockEnds: number[];
  /** Records of each term. */
  counts: number[];
  /** Records whose language or tag differ from the page's: [rank, language, tag]. */
  facetExceptions: [number, string, string][];
  /** Its compact records as JSON, and the same with titles and headings alone. */
  text: string;
  headings: string;
}

/** The page's part of the index; `undefined` for a page without records. */
export function prepareSearchPage(records: SearchRecord[], siteUrl: string): PreparedSearchPage | undefined {
  if (records.length === 0) return undefined;
  const defaults = { origin: originOf(siteUrl), language: 'en' as const, docusaurusTag };
  // A record's rank in its page is its id: ranks follow position, so ids sort as the page reads.
  const ordered = records
    .map((record, order) => ({ record, order }))
    .sort((a, b) => a.record.weight.position - b.record.weight.position || a.order - b.order)
    .map((entry) => entry.record);
  const pageTerms = new Map<string, { ranks: number[]; metas: number[] }>();
  // Every record repeats its page title and headings: tokenize each text once.
  const tokens = new Map<string, string[]>();
  const wordsOf = (text: string) => {
    let words = tokens.get(text);
    if (!words) tokens.set(text, (words = [...new Set(indexTerms(text))]));
    return words;
  };
  // A page's records share its version: the page carries the tag, not each record.
  const tag = ordered[0]!.docusaurus_tag;
  const facetExceptions: [number, string, string][] = [];
  ordered.forEach((record, rank) => {
    const type = typeRank[record.type] * 32;
    for (const field of indexedFields) {
      const bit = fieldBits[field];
      for (const term of wordsOf(extractField(record, field))) {
        let entry = pageTerms.get(term);
        if (!entry) pageTerms.set(term, (entry = { ranks: [], metas: [] }));
        // A term in several fields of one record is one posting, its meta naming every field.
        const last = entry.ranks.length - 1;
        if (entry.ranks[last] === rank) entry.metas[last]! |= bit;
        else {
          entry.ranks.push(rank);
          entry.metas.push(type + bit);
        }
      }
    }
    if (record.language !== defaults.language || record.docusaurus_tag !== tag)
      facetExceptions.push([rank, record.language, record.docusaurus_tag]);
  });
  const blocks = new BlockBytes();
  const blockEnds: number[] = [];
  const counts: number[] = [];
  for (const { ranks, metas } of pageTerms.values()) {
    blocks.block(ranks, metas);
    blockEnds.push(blocks.byteLength);
    counts.push(ranks.length);
  }
  const compact = ordered.map((record) => compactRecord(record, defaults));
  return {
    records: ordered.length,
    url: ordered[0]!.url_without_anchor,
    tag,
    terms: [...pageTerms.keys()],
    blocks: blocks.written(),
    blockEnds,
    counts,
    facetExceptions,
    text: encodePageRecords(compact),
    headings: encodePageHeadings(compact),
  };
}

/** The site's origin, parsed once a build (a thread) rather than once a page. */
const origins = new Map<string, string>();
function originOf(siteUrl: string): string {
  let origin = origins.get(siteUrl);
  if (origin === undefined) origins.set(siteUrl, (origin = new URL(siteUrl).origin));
  return origin;
}

/** A term's block in a page without the page's index: its records' ranks (as gaps) and meta bytes. */
export class BlockBytes extends VarintBytes {
  constructor() {
    super(1024);
  }

  block(ranks: number[], metas: number[]): void {
    this.ensure(5 + ranks.length * 6);
    let previous = 0;
    for (let i = 0; i < ranks.length; i++) {
      this.varint(ranks[i]! - previous);
      previous = ranks[i]!;
      this.bytes[this.length++] = metas[i]!;
    }
  }

  written(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}
