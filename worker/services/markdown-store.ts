// The Markdown views of a build (`<route>.md`, `/llms.txt`, `/llms-full.txt`), all computed by the
// build (scripts/compiler/outputs/markdown-export.ts, llms.ts): the worker only reads, streams and caches them.

import { kvKeys, type LlmsPart, type Manifest } from '../../client/contract/storage.ts';
import { pagePath } from '../../client/contract/urls.ts';
import { lookupRoutes } from './content-store.ts';
import { immutableTtl, readStored, readStoredMany, StoreUnavailable } from './kv-reads.ts';

export async function readMarkdown(kv: KVNamespace, hash: string): Promise<string> {
  const text = await readStored(kv, kvKeys.markdown(hash), immutableTtl);
  if (text === null) throw new StoreUnavailable(`${kvKeys.markdown(hash)} is missing`);
  return text;
}

async function readLlmsPart(kv: KVNamespace, hash: string): Promise<LlmsPart> {
  const key = kvKeys.llms(hash);
  const text = await readStored(kv, key, immutableTtl);
  if (text === null) throw new StoreUnavailable(`the llms part ${key} is missing`);
  try {
    return JSON.parse(text) as LlmsPart;
  } catch (error) {
    throw new StoreUnavailable(`the llms part ${key} is not JSON`, error);
  }
}

/** `/llms.txt`: its parts, streamed one after another as the reader pulls (a large site's list is many values). */
export function llmsText(kv: KVNamespace, manifest: Manifest): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const hash = manifest.llms[next++];
      if (hash === undefined) return controller.close();
      controller.enqueue(encoder.encode((await readLlmsPart(kv, hash)).text));
    },
  });
}

/**
 * Parts of the llms list `/llms-full.txt` streams whole. A request may make 1,000 KV operations: a
 * part of 2,000 pages takes some 30 (itself, its route buckets and its pages' Markdown, 100 to a
 * bulk read). A larger site's `/llms-full.txt` is an index of its parts instead, each a file of its
 * own (`/llms-full/<n>.txt`), as llms.txt is a list of links.
 */
export const llmsFullParts = 10;

/** Whether `/llms-full.txt` of this build is an index of files rather than every page. */
export const llmsFullIsIndex = (manifest: Manifest): boolean => manifest.llms.length > llmsFullParts;

/** `/llms-full.txt` of a site too large for one answer: its header, then a link to each part's file. */
export async function llmsFullIndex(kv: KVNamespace, manifest: Manifest, siteUrl: string, header: string) {
  const lines = [
    `${header}
The full text of the site's pages is in ${manifest.llms.length} files:
`,
  ];
  let first = 1;
  for (const [index, hash] of manifest.llms.entries()) {
    const pages = (await readLlmsPart(kv, hash)).routes.length;
    if (pages === 0) continue;
    const url = new URL(llmsFullPartPath(index), siteUrl).href;
    lines.push(`- [Pages ${first} to ${first + pages - 1}](${url})`);
    first += pages;
  }
  return `${lines.join('\n')}\n`;
}

export const llmsFullPartPath = (index: number): string => `/llms-full/${index + 1}.txt`;

/** Markdown values read at once: one bulk read. */
const pagesAtOnce = 100;

/**
 * `/llms-full.txt` (or, `only`, the file of one part): every listed page under its title and
 * canonical URL, read from KV 100 pages at a time as the reader pulls, so no request holds the
 * whole site in memory or passes the KV operations a request may make.
 */
export function llmsFullStream(
  kv: KVNamespace,
  manifest: Manifest,
  siteUrl: string,
  header: string,
  only?: number,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const hashes = only === undefined ? manifest.llms : manifest.llms.slice(only, only + 1);
  let routes: string[] = [];
  let nextPart = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(header));
    },
    async pull(controller) {
      while (routes.length === 0) {
        const hash = hashes[nextPart++];
        if (hash === undefined) return controller.close();
        routes = (await readLlmsPart(kv, hash)).routes;
      }
      const batch = routes.slice(0, pagesAtOnce);
      routes = routes.slice(pagesAtOnce);
      const targets = await lookupRoutes(kv, manifest, batch);
      const keys = targets.map((target, index) => {
        if (!target || !('markdown' in target))
          throw new StoreUnavailable(
            `the llms list names ${batch[index]}, which build ${manifest.buildId} does not have`,
          );
        return kvKeys.markdown(target.markdown);
      });
      const texts = await readStoredMany(kv, keys, immutableTtl);
      let out = '';
      for (const [index, route] of batch.entries()) {
        const text = texts.get(keys[index]!);
        if (text === null || text === undefined) throw new StoreUnavailable(`${keys[index]} is missing`);
        out += `\n---\n\n${underUrl(text, new URL(pagePath(route, manifest.site.trailingSlash), siteUrl).href)}`;
      }
      controller.enqueue(encoder.encode(out));
    },
  });
}

/** The page's `# Title` line, then its canonical URL, then the rest of the page. */
function underUrl(markdown: string, url: string): string {
  const [first, ...rest] = markdown.split('\n');
  return `${first}\n\nURL: ${url}\n${rest.join('\n')}`;
}

/** Markdown views in the edge cache, beside the rendered pages, keyed by build. */
export function markdownCacheKey(buildId: string, path: string): Request {
  return new Request(`https://html-cache.internal/${buildId}/markdown${path}`);
}
