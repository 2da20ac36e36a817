// What a build hands to KV and to static assets, read from its output folder: the bulk files of
// `{ key, value }` under <out>/kv (scripts/compiler/outputs/kv-writer.ts), and the files under
// <out>/client/assets/search when the search index ships as static pieces.

import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { kvKeys, type Manifest, type SearchRef } from '../../client/contract/storage.ts';
import type { SidebarItem } from '../../client/contract/sidebar.ts';
import { kvBulkFiles } from '../compiler/outputs/kv-writer.ts';
import { storedSidebarItems } from '../compiler/outputs/sidebar-files.ts';

export interface KvOutput {
  entries: number;
  totalBytes: number;
  largestValueBytes: number;
  largestKey: string;
  /** The largest value of a sidebar (or a part of one). */
  largestSidebarBytes?: number;
  /** Where the build's search index is (the manifest's `search`). */
  search?: SearchRef;
  /** The manifest's sidebars, found by shape, for picking pages to measure. */
  sidebars?: Record<string, SidebarItem[]>;
}

export async function readKvOutput(outDir: string): Promise<KvOutput> {
  const result: KvOutput = { entries: 0, totalBytes: 0, largestValueBytes: 0, largestKey: '' };
  const sidebarValues = new Map<string, string>();
  let manifest: Manifest | undefined;
  for (const file of await kvBulkFiles(outDir)) {
    const list: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (!Array.isArray(list)) continue;
    for (const entry of list as { key?: unknown; value?: unknown }[]) {
      if (typeof entry?.key !== 'string' || typeof entry.value !== 'string') continue;
      const bytes = Buffer.byteLength(entry.value);
      result.entries += 1;
      result.totalBytes += bytes;
      if (bytes > result.largestValueBytes) {
        result.largestValueBytes = bytes;
        result.largestKey = entry.key;
      }
      if (entry.key.endsWith(':manifest')) manifest = JSON.parse(entry.value) as Manifest;
      else if (entry.key.startsWith(kvKeys.sidebar(''))) {
        sidebarValues.set(entry.key, entry.value);
        result.largestSidebarBytes = Math.max(result.largestSidebarBytes ?? 0, bytes);
      }
    }
  }
  if (manifest) {
    result.search = manifest.search;
    result.sidebars = Object.fromEntries(
      Object.entries(manifest.sidebars).map(([id, ref]) => [
        id,
        storedSidebarItems(ref, (hash) => sidebarValues.get(kvKeys.sidebar(hash)) ?? '[]'),
      ]),
    );
  }
  return result;
}

/** The largest file under <out>/client/assets/search, if the build writes any there. */
export async function largestSearchAsset(outDir: string): Promise<{ file: string; bytes: number } | undefined> {
  const dir = join(outDir, 'client', 'assets', 'search');
  if (!existsSync(dir)) return undefined;
  let largest: { file: string; bytes: number } | undefined;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const { size } = await stat(path);
    if (!largest || size > largest.bytes) largest = { file: path.slice(dir.length + 1), bytes: size };
  }
  return largest;
}

/**
 * What the deploy uploads as static assets (<out>/client): the number of files, against Workers
 * Static Assets' limit a version (20,000 free, 100,000 paid), and the largest (at most 25 MiB).
 */
export async function staticAssets(
  outDir: string,
): Promise<{ files: number; totalBytes: number; largest?: { file: string; bytes: number } }> {
  const dir = join(outDir, 'client');
  const result: Awaited<ReturnType<typeof staticAssets>> = { files: 0, totalBytes: 0 };
  if (!existsSync(dir)) return result;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const { size } = await stat(path);
    result.files += 1;
    result.totalBytes += size;
    if (!result.largest || size > result.largest.bytes)
      result.largest = { file: path.slice(dir.length + 1), bytes: size };
  }
  return result;
}

/**
 * The pages whose HTML size the bench reports: the first doc of the smallest sidebar (when
 * there are two or more) and the most deeply nested doc of the biggest one.
 */
export function pagesToMeasure(sidebars: Record<string, SidebarItem[]>): { small?: string; deepest?: string } {
  const docs = (items: SidebarItem[], depth = 0): { href: string; depth: number }[] =>
    items.flatMap((item) => [
      ...(item.type !== 'link' && item.href ? [{ href: item.href, depth }] : []),
      ...(item.type === 'category' ? docs(item.items, depth + 1) : []),
    ]);
  const lists = Object.values(sidebars)
    .map((items) => docs(items))
    .filter((list) => list.length > 0)
    .sort((a, b) => a.length - b.length);
  const biggest = lists.at(-1);
  const deepest = biggest?.reduce((a, b) => (b.depth > a.depth ? b : a));
  return { small: lists.length > 1 ? lists[0]![0]!.href : undefined, deepest: deepest?.href };
}
