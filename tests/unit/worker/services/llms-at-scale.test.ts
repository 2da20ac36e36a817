// `/llms.txt` and `/llms-full.txt` of large sites, served from KV: no value the build stores for them
// passes 2 MB, a reader gets the same bytes as before, and no request makes more than the 1,000 KV
// operations a Worker invocation may (a bulk read of up to 100 keys counts as one). A site past
// ten parts (of at most 2,000 pages each) gets an index of per-part files at /llms-full.txt instead.

import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../../../client/contract/sidebar.ts';
import { kvKeys, routeBucket, type LlmsPart, type Manifest } from '../../../../client/contract/storage.ts';
import { llmsParts, llmsRecord } from '../../../../scripts/compiler/outputs/llms.ts';
import {
  llmsFullIndex,
  llmsFullIsIndex,
  llmsFullStream,
  llmsText,
} from '../../../../worker/services/markdown-store.ts';

const siteUrl = 'https://docs.example.test';
const header = '# Big docs\n\n> Many pages\n';

/** A built site of `count` pages in KV (route buckets, Markdown, llms parts), counting KV operations. */
function site(count: number) {
  const routes = Array.from({ length: count }, (_, i) => `/docs/section-${i % 100}/page-${i}`);
  const sidebar: SidebarItem[] = Array.from({ length: 100 }, (_, section) => ({
    type: 'category',
    label: `Section ${section}`,
    collapsed: true,
    collapsible: true,
    items: routes
      .filter((_, i) => i % 100 === section)
      .map((href) => ({ type: 'doc', label: href, href, docId: href })),
  })) as SidebarItem[];
  const pages = routes.map((route, i) => ({ route, title: `Page ${i}`, description: `What page ${i} is about` }));
  const indexOf = new Map(routes.map((route, i) => [route, i]));
  const record = llmsRecord({ title: 'Big docs', tagline: 'Many pages', url: siteUrl }, { docs: sidebar }, pages);
  const values = new Map<string, string>();
  const parts = llmsParts(record);
  const llms = parts.map((part, i) => {
    values.set(kvKeys.llms(`part${i}`), JSON.stringify(part));
    return `part${i}`;
  });
  const bucketCount = Math.ceil(count / 128);
  const buckets: Record<string, { page: string; markdown: string }>[] = Array.from({ length: bucketCount }, () => ({}));
  routes.forEach((route, i) => {
    buckets[routeBucket(route, bucketCount)]![route] = { page: `p${i}`, markdown: `m${i}` };
    values.set(kvKeys.markdown(`m${i}`), `# Page ${i}\n\nThe text of page ${i}.\n`);
  });
  // Named by site, as content hashes would be: the worker keeps buckets by name.
  const routeBuckets = buckets.map((bucket, i) => {
    values.set(kvKeys.routes(`b${count}-${i}`), JSON.stringify(bucket));
    return `b${count}-${i}`;
  });
  let operations = 0;
  const kv = {
    get: async (key: string | string[]) => {
      operations += 1;
      if (Array.isArray(key)) {
        expect(key.length).toBeLessThanOrEqual(100);
        return new Map(key.map((one) => [one, values.get(one) ?? null]));
      }
      return values.get(key) ?? null;
    },
  } as unknown as KVNamespace;
  const manifest = { buildId: `big${count}`, routeBuckets, llms, site: { url: siteUrl } } as unknown as Manifest;
  return {
    kv,
    manifest,
    record,
    parts,
    values,
    /** KV operations since the last call. */
    operations: () => {
      const made = operations;
      operations = 0;
      return made;
    },
    /** Every page as /llms-full.txt has always written it, one after another. */
    pagesText: (only?: LlmsPart[]) =>
      (only ?? parts)
        .flatMap((part) => part.routes)
        .map((route) => {
          const i = indexOf.get(route)!;
          return `\n---\n\n# Page ${i}\n\nURL: ${siteUrl}${route}\n\nThe text of page ${i}.\n`;
        })
        .join(''),
  };
}

const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe('llms files of a large site', () => {
  it('store no llms value over 2 MB at 100,000 pages, and llms.txt reads back whole', async () => {
    const big = site(100_000);
    expect(big.parts.length).toBeGreaterThan(10);
    for (const part of big.parts) expect(Buffer.byteLength(JSON.stringify(part))).toBeLessThanOrEqual(2 * 2 ** 20);
    expect(await read(llmsText(big.kv, big.manifest))).toBe(big.record.lines.map((line) => `${line.text}\n`).join(''));
    expect(big.operations()).toBeLessThanOrEqual(1000);
  });

  it('serve every page of a 3,000-page site in /llms-full.txt, the same bytes, within 1,000 KV operations', async () => {
    const small = site(3000);
    expect(llmsFullIsIndex(small.manifest)).toBe(false);
    expect(await read(llmsFullStream(small.kv, small.manifest, siteUrl, header))).toBe(header + small.pagesText());
    expect(small.operations()).toBeLessThanOrEqual(1000);
  });

  it('make /llms-full.txt of a 30,000-page site an index of files, each within 1,000 KV operations', async () => {
    const big = site(30_000);
    expect(llmsFullIsIndex(big.manifest)).toBe(true);
    const index = await llmsFullIndex(big.kv, big.manifest, siteUrl, header);
    const links = [...index.matchAll(/\((https:\/\/[^)]+)\)/g)].map((match) => match[1]);
    expect(links).toEqual(big.parts.map((_, i) => `${siteUrl}/llms-full/${i + 1}.txt`));
    big.operations();
    let pages = '';
    for (const [i, part] of big.parts.entries()) {
      const text = await read(llmsFullStream(big.kv, big.manifest, siteUrl, header, i));
      expect(big.operations()).toBeLessThanOrEqual(1000);
      expect(text).toBe(header + big.pagesText([part]));
      pages += text.slice(header.length);
    }
    // Together, the files hold every page, in order, as one /llms-full.txt would.
    expect(pages).toBe(big.pagesText());
  });
});
