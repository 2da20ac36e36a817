// Pagefind (Starlight's search) through its Node API: a simple HTML page rendered from each page's
// sections (title, headings with their ids, text; its route as metadata), indexed, written out, then searched with the
// pagefind.js the index ships, run in this process with its fetches read from disk.

import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as pagefind from 'pagefind';
import { sectionsOf, type BuiltSite, type Section } from './site.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function pageHtml(route: string, sections: Section[]): string {
  const body = sections
    .map((section) => {
      const level = Math.min(6, section.level);
      const id = section.anchor ? ` id="${escape(section.anchor)}"` : '';
      return `<h${level}${id}>${escape(section.title)}</h${level}><p>${escape(section.text)}</p>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><title>${escape(sections[0]?.title ?? '')}</title></head><body><main data-pagefind-meta="route:${escape(route)}">${body}</main></body></html>`;
}

interface PagefindSearch {
  options(options: { basePath: string }): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{ results: { data(): Promise<{ meta: { route?: string } }> }[] } | null>;
}

/** Pagefind's script keeps one index a module instance: each site imports its own copy (by URL). */
export async function pagefindEngine(site: BuiltSite): Promise<(query: string) => Promise<string[]>> {
  const byPage = new Map<string, Section[]>();
  for (const section of sectionsOf(site.records)) {
    const list = byPage.get(section.route);
    if (list) list.push(section);
    else byPage.set(section.route, [section]);
  }
  const { index } = await pagefind.createIndex({});
  if (!index) throw new Error('pagefind could not create an index');
  for (const [route, sections] of byPage) await index.addHTMLFile({ url: route, content: pageHtml(route, sections) });
  const outputPath = await mkdtemp(join(tmpdir(), 'search-bench-pagefind-'));
  await index.writeFiles({ outputPath });
  await index.deleteIndex();
  const origin = 'http://pagefind.invalid/';
  const ownFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(origin)) return ownFetch(input);
    return new Response(await readFile(join(outputPath, new URL(url).pathname)));
  }) as typeof fetch;
  const script = (await import(
    `${pathToFileURL(join(outputPath, 'pagefind.js')).href}?site=${site.name}`
  )) as PagefindSearch;
  await script.options({ basePath: origin });
  await script.init();
  return async (query) => {
    const found = await script.search(query);
    const top = (found?.results ?? []).slice(0, 10);
    const pages = await Promise.all(top.map(async (result) => (await result.data()).meta.route ?? ''));
    return [...new Set(pages)];
  };
}

export const closePagefind = () => pagefind.close();
