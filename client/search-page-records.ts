// A page's records as a record chunk stores them (directory version 5): every record of a page
// repeats the page's path, and each record of a section its anchor and headings, which made up
// three quarters of a page's records. Stored once per section instead, a hit reads a third of
// the bytes. Records keep the compact form (client/search-options.ts) once read.

import type { CompactRecord } from './search-options.ts';

/**
 * `{ path, sections, records }`: `sections[i]` is [where, headings] — where is '' for the page's
 * own path, `#anchor` after it, or a path of its own; headings are lvl0… without trailing nulls —
 * and a record is [objectID, section, type, content, position, language?, tag?], or 0 where a page's
 * headings (`encodePageHeadings`) leave a text record out.
 */
interface StoredPage {
  path: string;
  sections: [string, (string | null)[]][];
  records: ([string, number, CompactRecord[2], string | null, number, string?, string?] | 0)[];
}

const levelCount = 7;

/** The JSON of a page's records (compact, in id order). */
export function encodePageRecords(records: CompactRecord[]): string {
  return encodeRecords(records);
}

/**
 * The JSON of a page's title and heading records alone, each at its place (a text record is a 0):
 * a fraction of the page's bytes, so the headings of many pages share a chunk, and a hit on a
 * title or a heading (what a common word finds first) reads that small chunk, usually cached.
 */
export function encodePageHeadings(records: CompactRecord[]): string {
  return encodeRecords(records.map((record) => (record[2] === 'content' ? undefined : record)));
}

function encodeRecords(records: (CompactRecord | undefined)[]): string {
  const path = records.find(Boolean)?.[1].split('#')[0] ?? '';
  const sections: StoredPage['sections'] = [];
  const sectionAt = new Map<string, number>();
  const stored = records.map((record): StoredPage['records'][number] => {
    if (!record) return 0;
    const [objectID, url, type, levels, content, position, ...facets] = record;
    const where = url === path ? '' : url.startsWith(`${path}#`) ? url.slice(path.length) : url;
    const headings = levels.slice(0, lastNonNull(levels) + 1);
    const key = JSON.stringify([where, headings]);
    let section = sectionAt.get(key);
    if (section === undefined) {
      sectionAt.set(key, (section = sections.length));
      sections.push([where, headings]);
    }
    return [objectID, section, type, content, position, ...(facets as [string?, string?])];
  });
  return JSON.stringify({ path, sections, records: stored } satisfies StoredPage);
}

/** A page's compact records from its JSON: this form, or the plain array older builds wrote. */
export function decodePageRecords(text: string): (CompactRecord | undefined)[] {
  const read = pageRecordReader(text);
  return Array.from({ length: read.count }, (_, i) => read(i));
}

/** Reads a page's records one at a time: the page's JSON is parsed once, a record only when asked for. */
export interface PageRecordReader {
  (i: number): CompactRecord | undefined;
  /** How many records the page has (the last id on it, plus one). */
  count: number;
}

/**
 * A reader of the page's records. A search shows a record or two of each page it hits; building
 * every record of those pages (eighty on an average page) was a tenth of a cold isolate's first
 * search, and most of the garbage it made.
 */
export function pageRecordReader(text: string): PageRecordReader {
  const value = JSON.parse(text) as StoredPage | CompactRecord[];
  if (Array.isArray(value)) return Object.assign((i: number) => value[i], { count: value.length });
  const sections: ([string, (string | null)[]] | undefined)[] = [];
  const sectionOf = (at: number): [string, (string | null)[]] => {
    let section = sections[at];
    if (!section) {
      const [where, headings] = value.sections[at]!;
      sections[at] = section = [
        where === '' ? value.path : where.startsWith('#') ? `${value.path}${where}` : where,
        Array.from({ length: levelCount }, (_, i) => headings[i] ?? null),
      ];
    }
    return section;
  };
  const read = (i: number): CompactRecord | undefined => {
    const record = value.records[i];
    if (!record) return undefined;
    const [objectID, section, type, content, position, ...facets] = record;
    const [url, levels] = sectionOf(section);
    return [objectID, url, type, levels, content, position, ...facets] as CompactRecord;
  };
  return Object.assign(read, { count: value.records.length });
}

function lastNonNull(levels: (string | null)[]): number {
  for (let i = levels.length - 1; i >= 0; i--) if (levels[i] !== null) return i;
  return -1;
}
