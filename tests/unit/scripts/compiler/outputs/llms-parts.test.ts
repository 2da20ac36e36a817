// The parts `/llms.txt` is stored in: a changed description rewrites one part of a large site, an
// added page one or two, so a redeploy after a one-page edit writes a part or two, not every part
// after the edit; and no part passes its size.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../../../../client/contract/sidebar.ts';
import type { KvWriter } from '../../../../../scripts/compiler/outputs/kv-writer.ts';
import { llmsParts, llmsRecord, relisted, storeLlms } from '../../../../../scripts/compiler/outputs/llms.ts';

const site = { title: 'Big docs', tagline: 'Many pages', url: 'https://docs.example.test' };

interface Page {
  route: string;
  title: string;
  description: string;
}

/** A flat site of `pages`, as JSON strings of its parts. */
function partsOf(pages: Page[]): string[] {
  return llmsParts(recordOf(pages)).map((part) => JSON.stringify(part));
}

function recordOf(pages: Page[]) {
  const sidebar = [
    {
      type: 'category',
      label: 'Reference',
      collapsed: true,
      collapsible: true,
      items: pages.map(({ route }) => ({ type: 'doc', label: route, href: route, docId: route })),
    },
  ] as SidebarItem[];
  return llmsRecord(site, { docs: sidebar }, pages);
}

/** A KV writer that counts the values it is handed. */
function countingKv() {
  const written: string[] = [];
  const kv = {
    putContent: async (_keyOf: unknown, value: string) => {
      written.push(value);
      return createHash('sha256').update(value).digest('hex');
    },
  } as unknown as KvWriter;
  return { kv, written };
}

const pagesOf = (count: number): Page[] =>
  Array.from({ length: count }, (_, i) => ({
    route: `/reference/page-${i}`,
    title: `Page ${i}`,
    description: `What page ${i} of the reference is about, in a sentence of usual length.`,
  }));

/** How many parts of `after` a build before held no part equal to. */
const newParts = (before: string[], after: string[]) => after.filter((part) => !before.includes(part)).length;

describe('llms parts', () => {
  const pages = pagesOf(10_000);
  const before = partsOf(pages);

  it('cut a 10,000-page site into parts of at most 2,000 pages and 1 MiB', () => {
    expect(before.length).toBeGreaterThan(4);
    for (const part of before) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(1024 * 1024 + 64);
      expect((JSON.parse(part) as { routes: string[] }).routes.length).toBeLessThanOrEqual(2000);
    }
  });

  it('rewrite one part when a page early in the list gets a much longer description', () => {
    const edited = pages.map((page, i) => (i === 30 ? { ...page, description: 'Longer. '.repeat(40) } : page));
    const after = partsOf(edited);
    expect(after).toHaveLength(before.length);
    expect(newParts(before, after)).toBe(1);
  });

  it('rewrite at most two parts when a page is added or removed', () => {
    const added = [...pages.slice(0, 500), { route: '/reference/new', title: 'New', description: 'A new page.' }];
    expect(newParts(before, partsOf([...added, ...pages.slice(500)]))).toBeLessThanOrEqual(2);
    expect(newParts(before, partsOf(pages.filter((_, i) => i !== 4000)))).toBeLessThanOrEqual(2);
  });

  it('cut a part before it passes 1 MiB when descriptions are long', () => {
    const long = pagesOf(3000).map((page) => ({ ...page, description: 'é'.repeat(2000) }));
    const parts = partsOf(long);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(1024 * 1024 + 64);
    expect(parts.flatMap((part) => (JSON.parse(part) as { routes: string[] }).routes)).toHaveLength(3000);
  });

  it('list a page whose description spans lines on one line', () => {
    const [part] = partsOf([{ route: '/a', title: 'A', description: 'First line\n  second line' }]);
    expect((JSON.parse(part!) as { text: string }).text).toContain(
      '- [A](https://docs.example.test/a): First line second line\n',
    );
  });

  it('write again only the lines of pages that changed their titles or descriptions, and store only their parts', async () => {
    const edited = pages.map((page, i) =>
      i === 30 ? { ...page, description: 'Longer. '.repeat(40) } : i === 9000 ? { ...page, title: 'Renamed' } : page,
    );
    const changes = [30, 9000].map((i) => ({ before: pages[i], after: edited[i] }));
    const relist = relisted(site, recordOf(pages), changes);
    expect(relist).toEqual(recordOf(edited));
    const first = countingKv();
    const stored = await storeLlms(first.kv, recordOf(pages));
    expect(first.written).toHaveLength(before.length);
    const second = countingKv();
    const again = await storeLlms(second.kv, relist!, stored);
    expect(second.written).toHaveLength(2);
    expect(again.hashes.filter((hash, i) => hash !== stored.hashes[i])).toHaveLength(2);
  });

  it('list again from every page when a change lists, unlists or adds a page', () => {
    const record = recordOf(pages);
    expect(relisted(site, record, [{ before: pages[5], after: { ...pages[5]!, unlisted: true } }])).toBeUndefined();
    expect(relisted(site, record, [{ after: pages[5] }])).toBeUndefined();
  });
});
