// A site as the search bench reads it: built once by our compiler into a temporary folder, its
// DocSearch records (every engine indexes the same sections) and where its embedded index lives.

import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { SearchRecord } from '../../../client/contract/search-protocol.ts';
import { currentVersionName, versionTag } from '../../../client/contract/search-protocol.ts';
import type { SearchRef } from '../../../client/contract/storage.ts';
import { runBuild } from '../../compiler/pipeline.ts';

export interface BuiltSite {
  /** The query set's name: `self` for the SELF content, else the folder's name (`owner__repo`). */
  name: string;
  outDir: string;
  search: SearchRef;
  /** The docs version readers land on: the modal and every peer search it alone. */
  tag: string;
  /** The records of that version, in build order. */
  records: SearchRecord[];
  pages: number;
}

export function siteName(siteDir: string): string {
  const name = basename(resolve(siteDir));
  return name === 'content' ? 'self' : name;
}

export async function buildSite(siteDir: string): Promise<BuiltSite> {
  const outDir = await mkdtemp(join(tmpdir(), 'search-bench-'));
  const result = await runBuild({ siteDir, outDir });
  const { site, search } = result.manifest;
  const tag = versionTag(site.docs.lastVersion ?? currentVersionName);
  const all = JSON.parse(await readFile(join(outDir, 'search', 'records.json'), 'utf8')) as SearchRecord[];
  const records = all.filter((record) => record.docusaurus_tag === tag);
  const pages = new Set(records.map((record) => record.url_without_anchor)).size;
  return { name: siteName(siteDir), outDir, search, tag, records, pages };
}

/** A page's route: the path of its URL, without a trailing slash. */
export function routeOf(url: string): string {
  const path = new URL(url, 'https://site.invalid').pathname;
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/** Sections as VitePress and Pagefind split a page: at each heading, with the headings above it. */
export interface Section {
  route: string;
  anchor: string;
  /** The section's heading (the page title for the text before the first heading). */
  title: string;
  /** The headings above it, page title first. */
  titles: string[];
  text: string;
  /** The heading level: 1 for the page title, 2 for an h2, … */
  level: number;
}

const levels = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

export function sectionsOf(records: SearchRecord[]): Section[] {
  const sections = new Map<string, Section>();
  for (const record of records) {
    const named = levels.filter((level) => record.hierarchy[level]);
    const heading = named.map((level) => record.hierarchy[level]!);
    const key = record.url;
    let section = sections.get(key);
    if (!section) {
      section = {
        route: routeOf(record.url_without_anchor),
        anchor: record.anchor ?? '',
        title: heading[heading.length - 1] ?? '',
        titles: heading.slice(0, -1),
        text: '',
        level: Math.max(1, named.length),
      };
      sections.set(key, section);
    }
    if (record.type === 'content' && record.content) section.text += (section.text ? ' ' : '') + record.content;
  }
  return [...sections.values()];
}
