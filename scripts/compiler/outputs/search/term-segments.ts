// A term's postings encoded into segments, each a term piece's body decodable on its own
// (contract/postings.ts), cut after pages chosen as cuts.ts says. A common word's postings on a
// large site are megabytes; a one-page edit changes one page's block of them. Given the last
// write's segments and the pages changed since, only the segments from the one holding the first
// changed page on are encoded again, up to where a cut falls where one fell before after the last
// changed page: from there on the segments are the ones written before, byte for byte.

import { encodeVarint } from '../../../../client/contract/postings.ts';
import { endsAfter, mixNumber, type CutRule } from './cuts.ts';
import type { PostingsSource } from './term-postings.ts';

/** Where a term's segments lie, as a write left them (kept for terms of more than one segment). */
export interface SegmentLayout {
  lengths: number[];
  /** Each segment's first record id. */
  starts: number[];
  /** What tells a segment's text from an earlier one of the same start: a new one for each segment encoded. */
  tokens: number[];
}

/** Adds segments `from` to `to` (not included) of `earlier` to `layout`, as they were. */
function keepSegments(layout: SegmentLayout, earlier: SegmentLayout, from: number, to: number): void {
  for (let at = from; at < to; at++) {
    layout.lengths.push(earlier.lengths[at]!);
    layout.starts.push(earlier.starts[at]!);
    layout.tokens.push(earlier.tokens[at]!);
  }
}

export interface EncodedSegments {
  layout: SegmentLayout;
  /** The texts of the segments encoded now, by their place in `layout`; the others are as before. */
  texts: Map<number, string>;
}

/** The last write's segments, and the lowest and highest page whose block changed since. */
export interface EarlierSegments {
  layout: SegmentLayout;
  low: number;
  high: number;
}

/**
 * The character codes of posting varint digits: a last digit d is `digits[d]`, one more follow is
 * `digits[32 + d]`. Taken from what `encodeVarint` writes first for 0…63, so the format stays its own.
 */
const digits = Uint8Array.from({ length: 64 }, (_, value) => {
  const out: string[] = [];
  encodeVarint(value, out);
  return out[0]!.charCodeAt(0);
});
/** Digits of the largest posting number: a record id (below 2^32) × 256 + meta. */
const maxDigits = Math.ceil(40 / 5);

/** What a posting takes on average (a rank gap and a meta byte: about three digits), to weigh a page's postings. */
const postingChars = 3;

/**
 * The first segment to encode again for pages changed from `low` on: the last that starts on a
 * page before it. The segments before it hold no changed posting, and what ended each (a page's
 * end, or the posting that did not fit, which is its start) is unchanged too.
 */
function firstChanged(layout: SegmentLayout, low: number, perPage: number): number {
  let at = 0;
  while (at + 1 < layout.starts.length && Math.floor(layout.starts[at + 1]! / perPage) < low) at++;
  return at;
}

/** The segment of `layout` that starts at `id`, from `from` on; -1 if none. */
function startingAt(layout: SegmentLayout, id: number, from: number): number {
  let low = from;
  let high = layout.starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const start = layout.starts[middle]!;
    if (start === id) return middle;
    if (start < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * A term's postings as segments of at most `rule.max` characters, cut after a page chosen by
 * `rule` (or, past `rule.max`, where they reach it). Written as bytes (the digits are ASCII): a
 * large site has tens of millions of postings, where a one-character string per digit, joined,
 * was the largest single cost of writing the index. `token` names each segment encoded now.
 */
export function encodeSegments(
  postings: PostingsSource,
  rule: CutRule,
  perPage: number,
  token: () => number,
  earlier?: EarlierSegments,
): EncodedSegments {
  const kept = earlier ? firstChanged(earlier.layout, earlier.low, perPage) : 0;
  const layout: SegmentLayout = { lengths: [], starts: [], tokens: [] };
  let start = 0;
  if (earlier) {
    const before = earlier.layout;
    keepSegments(layout, before, 0, kept);
    // The first segment starts from the first posting, wherever that now is.
    if (kept > 0) start = before.starts[kept]!;
  }
  // Read the postings up to the first posting of the first earlier segment past the changed pages:
  // the cut before it is most often where one falls again, and the encoding stops there. If not,
  // the next earlier segment, and so on.
  const starts = earlier?.layout.starts ?? [];
  let windowEnd = kept + 1;
  while (windowEnd < starts.length && Math.floor(starts[windowEnd]! / perPage) <= earlier!.high) windowEnd++;
  const windowTo = () => (windowEnd < starts.length ? starts[windowEnd]! + 1 : Infinity);
  let to = windowTo();
  // From the start of the segment's page: its postings before the segment count for the cut after the page.
  let { ids, metas } = postings.sortedPostings(perPage, Math.floor(start / perPage) * perPage, to);
  /** The next window of postings, after the one read (none past the last). */
  const more = () => {
    const from = to;
    windowEnd++;
    to = windowTo();
    ({ ids, metas } = postings.sortedPostings(perPage, from, to));
  };
  const texts = new Map<number, string>();
  const max = rule.max;
  const bytes = Buffer.allocUnsafe(Math.min(max, postings.count * maxDigits) + maxDigits);
  let length = 0;
  let first = 0;
  while (first < ids.length && ids[first]! < start) first++;
  while (first === ids.length && to !== Infinity) {
    more();
    first = 0;
  }
  // Nothing from there on (the postings after the segments kept were taken out): the last kept ends them.
  if (first === ids.length && kept > 0) return { layout, texts };
  start = ids[first] ?? start;
  let page = first < ids.length ? Math.floor(start / perPage) : -1;
  let inPage = first;
  const close = (end: number) => {
    texts.set(layout.starts.length, bytes.toString('latin1', 0, end));
    layout.lengths.push(end);
    layout.starts.push(start);
    layout.tokens.push(token());
  };
  /** Past the changed pages, a segment that starts where one started before is that one again, and so are the rest. */
  const sameAfter = (id: number): boolean => {
    if (!earlier || Math.floor(id / perPage) <= earlier.high) return false;
    const same = startingAt(earlier.layout, id, kept);
    if (same === -1) return false;
    keepSegments(layout, earlier.layout, same, earlier.layout.starts.length);
    return true;
  };
  const write = (value: number) => {
    let rest = value;
    while (rest >= 32) {
      bytes[length++] = digits[(rest % 32) + 32]!;
      rest = Math.floor(rest / 32);
    }
    bytes[length++] = digits[rest]!;
  };
  let previous = 0;
  for (let i = first; ; i++) {
    if (i === ids.length) {
      while (i === ids.length && to !== Infinity) {
        more();
        i = 0;
      }
      if (i === ids.length) break;
    }
    const id = ids[i]!;
    const at = Math.floor(id / perPage);
    if (at !== page) {
      // The page before ends the segment when chosen: the next starts from its first id.
      if (inPage > 0 && endsAfter(mixNumber(page), inPage * postingChars, length, rule)) {
        close(length);
        length = 0;
        previous = 0;
        start = id;
        if (sameAfter(id)) return { layout, texts };
      }
      page = at;
      inPage = 0;
    }
    inPage++;
    const before = length;
    write((id - previous) * 256 + metas[i]!);
    if (length > max) {
      close(before);
      length = 0;
      start = id;
      if (sameAfter(id)) return { layout, texts };
      write(id * 256 + metas[i]!);
    }
    previous = id;
  }
  close(length);
  return { layout, texts };
}
