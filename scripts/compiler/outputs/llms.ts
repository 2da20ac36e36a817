// `/llms.txt` (the llmstxt.org format) and the page order of `/llms-full.txt`, computed once per
// build: `# <title>`, `> <tagline>`, then one `## <section>` per top-level sidebar category listing
// its pages as `- [title](absolute url): description`. Top-level pages outside any category are
// listed under "Overview"; blog posts under "Blog", newest first; listed pages that are in no
// sidebar under "Other pages". Unlisted pages appear in no list.

import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import type { SiteConfig } from '../../../client/contract/site-config.ts';
import { kvKeys, routeBucket, type LlmsPart } from '../../../client/contract/storage.ts';
import { pagePath } from '../../../client/contract/urls.ts';
import type { KvWriter } from './kv-writer.ts';
import { llmsFacts, type LlmsPage } from './llms-pages.ts';

/** A line of `/llms.txt` (without its line end) and the route it lists, if it lists a page. */
export interface LlmsLine {
  text: string;
  route?: string;
}

/** `/llms.txt` line by line; its listed routes, in order, are also the page order of `/llms-full.txt`. */
export interface LlmsRecord {
  lines: LlmsLine[];
}

interface Section {
  title: string;
  routes: string[];
}

type LlmsSite = Pick<SiteConfig, 'title' | 'tagline' | 'url' | 'trailingSlash'>;

export function llmsRecord(
  site: LlmsSite,
  sidebars: Record<string, SidebarItem[]>,
  pages: readonly LlmsPage[],
): LlmsRecord {
  const listed = new Map(pages.filter((page) => !page.unlisted).map((page) => [page.route, page]));
  const seen = new Set<string>();
  const take = (href: string | undefined, into: string[]) => {
    if (!href || !listed.has(href) || seen.has(href)) return;
    seen.add(href);
    into.push(href);
  };
  const collect = (items: SidebarItem[], into: string[]) => {
    for (const item of items) {
      if (item.type === 'link') continue;
      take(item.href, into);
      if (item.type === 'category') collect(item.items, into);
    }
  };

  const sections: Section[] = [];
  for (const items of Object.values(sidebars)) {
    for (const item of items) {
      if (item.type === 'category') {
        const section = { title: item.label, routes: [] as string[] };
        take(item.href, section.routes);
        collect(item.items, section.routes);
        sections.push(section);
      } else if (item.type === 'doc') {
        let overview = sections.at(-1);
        if (overview?.title !== 'Overview') {
          overview = { title: 'Overview', routes: [] };
          sections.push(overview);
        }
        take(item.href, overview.routes);
      }
    }
  }
  const posts: string[] = [];
  for (const page of listed.values()) if (page.blog?.kind === 'post') take(page.route, posts);
  sections.push({ title: 'Blog', routes: posts });
  const others: string[] = [];
  for (const route of listed.keys()) take(route, others);
  sections.push({ title: 'Other pages', routes: others });

  const kept = sections.filter((section) => section.routes.length > 0);
  const lines: LlmsLine[] = [{ text: `# ${oneLine(site.title)}` }, { text: '' }];
  if (site.tagline) lines.push({ text: `> ${oneLine(site.tagline)}` }, { text: '' });
  for (const section of kept) {
    lines.push({ text: `## ${oneLine(section.title)}` }, { text: '' });
    for (const route of section.routes) lines.push({ text: listingLine(site, listed.get(route)!), route });
    lines.push({ text: '' });
  }
  // A blank line separates the sections and ends the header; the text ends with the last line's end.
  lines.pop();
  return { lines };
}

/** A page's line in the list. */
function listingLine(site: LlmsSite, page: LlmsPage): string {
  const url = new URL(pagePath(page.route, site.trailingSlash), site.url).href;
  const description = page.description ? `: ${oneLine(page.description)}` : '';
  return `- [${oneLine(page.title)}](${url})${description}`;
}

/**
 * The list after pages changed only their titles or descriptions (`changes`, each page before and
 * after): their lines written again in a copy. Undefined when a change can list, unlist or move a
 * page (a page came or went, or anything else the list reads changed): then it is made again whole.
 */
export function relisted(
  site: LlmsSite,
  record: LlmsRecord,
  changes: { before?: LlmsPage; after?: LlmsPage }[],
): LlmsRecord | undefined {
  // What the list reads of a page but its line's words.
  const placing = (page: LlmsPage) => llmsFacts({ ...page, title: '', description: '' });
  const redone: LlmsPage[] = [];
  for (const { before, after } of changes) {
    if (!before || !after || placing(before) !== placing(after)) return undefined;
    redone.push(after);
  }
  const lines = record.lines.slice();
  for (const page of redone) {
    const at = lines.findIndex((line) => line.route === page.route);
    // A page the list leaves out (unlisted, another version's) stays out.
    if (at >= 0) lines[at] = { text: listingLine(site, page), route: page.route };
  }
  return { lines };
}

/** A title or description as one line of the list (front matter may hold line breaks). */
const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, ' ');

// The parts are cut where a route's hash (`routeBucket`'s FNV-1a) says so, not every so many bytes.
// A changed title or description then changes its own part alone, and an added or removed page its part and at most the
// next (more only where a part was cut at its size), so a redeploy after a one-page edit writes a part
// or two of any site, not every part after the edit.

/** A part lists this many pages before a route's hash may cut it... */
const partMinPages = 500;
/** ...then is cut before one route in this many (a part of about 1,000 pages on average)... */
const cutOneIn = 512;
/** ...and always before it passes this many pages (a request streams a part's pages within its KV reads)... */
const partMaxPages = 2000;
/** ...or this many bytes of JSON, so that no llms value grows with the site. */
const partMaxBytes = 1024 * 1024;

/** `/llms.txt` cut at line ends into parts, each with the routes its lines list. */
export function llmsParts(record: LlmsRecord): LlmsPart[] {
  const parts: LlmsPart[] = [];
  let part: LlmsPart = { text: '', routes: [] };
  let bytes = 0;
  for (const line of record.lines) {
    const text = `${line.text}\n`;
    const cost = jsonBytes(text) + (line.route === undefined ? 0 : jsonBytes(line.route) + 1);
    const pages = part.routes.length;
    const cut =
      part.text !== '' &&
      (bytes + cost > partMaxBytes ||
        (line.route !== undefined &&
          (pages >= partMaxPages || (pages >= partMinPages && routeBucket(line.route, cutOneIn) === 0))));
    if (cut) {
      parts.push(part);
      part = { text: '', routes: [] };
      bytes = 0;
    }
    part.text += text;
    if (line.route !== undefined) part.routes.push(line.route);
    bytes += cost;
  }
  parts.push(part);
  return parts;
}

/** Bytes of a string inside a JSON value, without its quotes. */
const jsonBytes = (text: string): number => Buffer.byteLength(JSON.stringify(text)) - 2;

/** The llms files a build stored: the list, its parts and their hashes, in order. */
export interface StoredLlms {
  record: LlmsRecord;
  parts: LlmsPart[];
  hashes: string[];
}

/**
 * Stores the llms files' parts. `before`, the files a build stored: a part with the same text as
 * the one at its place there is that part (the text names every route it lists), not stored again.
 */
export async function storeLlms(kv: KvWriter, record: LlmsRecord, before?: StoredLlms): Promise<StoredLlms> {
  const parts = llmsParts(record);
  const hashes: string[] = [];
  for (const [index, part] of parts.entries())
    hashes.push(
      before?.parts[index]?.text === part.text
        ? before.hashes[index]!
        : await kv.putContent(kvKeys.llms, JSON.stringify(part)),
    );
  return { record, parts, hashes };
}
