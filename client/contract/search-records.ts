// Search records as the embedded index stores them. A record leaves out what the whole index
// shares (origin, language, tag), and since directory version 5 a page stores its path once and
// each section's anchor and headings once, where before every record repeated them: they were
// most of a page's records, so a hit now reads far fewer bytes.

import type { SearchRecord } from './search-protocol.ts';

/** A record as stored in the index: what every record repeats (origin, language, tag) is
 *  stored once. [objectID, path with #anchor, type, [lvl0…lvl6], content, position, language?, tag?] */
export type CompactRecord = [
  string,
  string,
  SearchRecord['type'],
  (string | null)[],
  string | null,
  number,
  string?,
  string?,
];

/** What a record leaves out because the whole index shares it. */
export interface RecordDefaults {
  /** Origin of every record URL (the site's url). */
  origin: string;
  language: SearchRecord['language'];
  docusaurusTag: string;
}

const levelNames = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

export function compactRecord(record: SearchRecord, defaults: RecordDefaults): CompactRecord {
  const path = record.url.startsWith(`${defaults.origin}/`) ? record.url.slice(defaults.origin.length) : record.url;
  const compact: CompactRecord = [
    record.objectID,
    path,
    record.type,
    levelNames.map((level) => record.hierarchy[level] ?? null),
    record.content,
    record.weight.position,
  ];
  // Only a record that differs from the index's language or tag carries its own.
  if (record.language !== defaults.language || record.docusaurus_tag !== defaults.docusaurusTag)
    compact.push(record.language, record.docusaurus_tag);
  return compact;
}

export function expandRecord(compact: CompactRecord, index: RecordDefaults): SearchRecord {
  const [objectID, path, type, levels, content, position, language, tag] = compact;
  const url = path.startsWith('/') ? `${index.origin}${path}` : path;
  const hash = url.indexOf('#');
  const hierarchy = Object.fromEntries(
    levelNames.map((level, i) => [level, levels[i] ?? null]),
  ) as SearchRecord['hierarchy'];
  return {
    objectID,
    url,
    url_without_anchor: hash === -1 ? url : url.slice(0, hash),
    anchor: hash === -1 ? null : url.slice(hash + 1),
    type,
    hierarchy,
    content,
    language: (language ?? index.language) as SearchRecord['language'],
    docusaurus_tag: tag ?? index.docusaurusTag,
    weight: { level: type === 'content' ? 0 : 100 - levelNames.indexOf(type as 'lvl0') * 10, position, pageRank: 0 },
  };
}

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

// Older format (a page's records as a plain array): goes once every kept build records `formats` (contract/storage.ts).
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
 * every record of those pages was a sizeable part of a cold isolate's first search, and most of
 * the garbage it made.
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
