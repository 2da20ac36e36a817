// `/llms.txt` (the llmstxt.org format) and the page order of `/llms-full.txt`, computed once per
// build: `# <title>`, `> <tagline>`, then one `## <section>` per top-level sidebar category listing
// its pages as `- [title](absolute url): description`. Top-level pages outside any category are
// listed under "Overview"; blog posts under "Blog", newest first; listed pages that are in no
// sidebar under "Other pages". Unlisted pages appear in no list.

import type { SidebarItem } from '../../../client/contract/sidebar.ts';
import type { SiteConfig } from '../../../client/contract/site-config.ts';
import { kvKeys, type LlmsPart } from '../../../client/contract/storage.ts';
import { pagePath } from '../../../client/contract/urls.ts';
import type { KvWriter } from './kv-writer.ts';
import type { LlmsPage } from './llms-pages.ts';

/** `/llms.txt` ready to serve, and the listed routes in sidebar order for `/llms-full.txt`. */
export interface LlmsRecord {
  text: string;
  routes: string[];
}

interface Section {
  title: string;
  routes: string[];
}

export function llmsRecord(
  site: Pick<SiteConfig, 'title' | 'tagline' | 'url' | 'trailingSlash'>,
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
  const lines = [`# ${site.title}`, ''];
  if (site.tagline) lines.push(`> ${site.tagline}`, '');
  for (const section of kept) {
    lines.push(`## ${section.title}`, '');
    for (const route of section.routes) {
      const page = listed.get(route)!;
      const description = page.description ? `: ${page.description}` : '';
      lines.push(`- [${page.title}](${new URL(pagePath(route, site.trailingSlash), site.url).href})${description}`);
    }
    lines.push('');
  }
  return { text: lines.join('\n'), routes: kept.flatMap((section) => section.routes) };
}

/** Text of a part of `/llms.txt` at most, so that no llms value grows with the site. */
const llmsPartBytes = 256 * 1024;
const llmsPartPages = 2000;

/** `/llms.txt` cut at line ends into parts, and its pages spread over them. */
export function llmsParts(record: LlmsRecord): LlmsPart[] {
  const texts: string[] = [];
  let current = '';
  for (const line of record.text.split(/(?<=\n)/)) {
    if (current.length + line.length > llmsPartBytes && current) {
      texts.push(current);
      current = '';
    }
    current += line;
  }
  texts.push(current);
  const count = Math.max(texts.length, Math.ceil(record.routes.length / llmsPartPages));
  return Array.from({ length: count }, (_, index) => ({
    text: texts[index] ?? '',
    routes: record.routes.slice(index * llmsPartPages, (index + 1) * llmsPartPages),
  }));
}

/** Stores the llms files' parts; returns their hashes in order. */
export async function storeLlms(kv: KvWriter, record: LlmsRecord): Promise<string[]> {
  const hashes: string[] = [];
  for (const part of llmsParts(record)) hashes.push(await kv.putContent(kvKeys.llms, JSON.stringify(part)));
  return hashes;
}
