// The Markdown views of a build (`<route>.md`, `/llms.txt`, `/llms-full.txt`), all computed by the
// build (scripts/compiler/outputs/markdown-export.ts, llms.ts): the worker only reads, streams and caches them.

import { kvKeys, type LlmsPart, type Manifest } from '../../client/contract/storage.ts';
import { immutableTtl, lookupRoute, readStored, StoreUnavailable } from './content-store.ts';

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

/** `/llms.txt`: its parts, read one after another (a large site's list is several values). */
export async function llmsText(kv: KVNamespace, manifest: Manifest): Promise<string> {
  let text = '';
  for (const hash of manifest.llms) text += (await readLlmsPart(kv, hash)).text;
  return text;
}

/**
 * `/llms-full.txt`: every listed page under its title and canonical URL, read from KV one page at
 * a time as the reader pulls, so no request holds the whole site in memory.
 */
export function llmsFullStream(
  kv: KVNamespace,
  manifest: Manifest,
  siteUrl: string,
  header: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let part: LlmsPart = { text: '', routes: [] };
  let nextPart = 0;
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(header));
    },
    async pull(controller) {
      while (next >= part.routes.length) {
        const hash = manifest.llms[nextPart++];
        if (hash === undefined) {
          controller.close();
          return;
        }
        part = await readLlmsPart(kv, hash);
        next = 0;
      }
      const route = part.routes[next++]!;
      const target = await lookupRoute(kv, manifest, route);
      if (!target || !('markdown' in target))
        throw new StoreUnavailable(`the llms list names ${route}, which build ${manifest.buildId} does not have`);
      const text = await readMarkdown(kv, target.markdown);
      controller.enqueue(encoder.encode(`\n---\n\n${underUrl(text, new URL(route, siteUrl).href)}`));
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
