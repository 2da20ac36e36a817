// The Markdown views of a build (`<route>.md`, `/llms.txt`, `/llms-full.txt`), all computed by the
// build (scripts/build/markdown-export.ts, llms.ts): the worker only reads, streams and caches them.

import { kvKeys, type LlmsRecord } from '../../client/model.ts';
import { immutableTtl, readStored, StoreUnavailable } from './content-store.ts';

export async function readMarkdown(kv: KVNamespace, buildId: string, route: string): Promise<string> {
  const text = await readStored(kv, kvKeys.markdown(buildId, route), immutableTtl);
  if (text === null) throw new StoreUnavailable(`markdown of ${route} in build ${buildId} is missing`);
  return text;
}

export async function readLlms(kv: KVNamespace, buildId: string): Promise<LlmsRecord> {
  const key = kvKeys.llms(buildId);
  const text = await readStored(kv, key, immutableTtl);
  if (text === null) throw new StoreUnavailable(`build ${buildId} has no llms record (${key})`);
  try {
    return JSON.parse(text) as LlmsRecord;
  } catch (error) {
    throw new StoreUnavailable(`the llms record ${key} is not JSON`, error);
  }
}

/**
 * `/llms-full.txt`: every listed page under its title and canonical URL, read from KV one page at
 * a time as the reader pulls, so no request holds the whole site in memory.
 */
export function llmsFullStream(
  kv: KVNamespace,
  buildId: string,
  record: LlmsRecord,
  siteUrl: string,
  header: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(header));
    },
    async pull(controller) {
      const route = record.routes[next++];
      if (route === undefined) {
        controller.close();
        return;
      }
      const markdown = await readMarkdown(kv, buildId, route);
      controller.enqueue(encoder.encode(`\n---\n\n${underUrl(markdown, new URL(route, siteUrl).href)}`));
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
