// What a build stored, read back from its KV bulk files: the unit and worker tests look at pages,
// sidebars and entries as the worker would find them.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { kvKeys } from '../../client/contract/storage.ts';
import type { PageData } from '../../client/contract/page.ts';
import type { SearchRecord } from '../../client/contract/search-protocol.ts';
import type { SidebarItem } from '../../client/contract/sidebar.ts';
import { readKvEntries, type KvEntry } from '../../scripts/compiler/outputs/kv-writer.ts';
import { storedSidebarItems } from '../../scripts/compiler/outputs/sidebar-files.ts';
import type { BuildResult } from '../../scripts/compiler/types.ts';

/** A build with what it stored read back: whole pages, sidebars, every KV entry. */
export interface BuiltSite extends Omit<BuildResult, 'pages'> {
  outDir: string;
  /** Every page a route leads to as stored in KV (with its tree), in the order the build found them. */
  pages: PageData[];
  sidebars: Record<string, SidebarItem[]>;
  entries: KvEntry[];
  /** The DocSearch records written for `search:push`. */
  records: SearchRecord[];
  /** A stored value by key. */
  entry(key: string): string | undefined;
}

/** Reads back what a build stored in `outDir`. */
export async function storedBuild(result: BuildResult, outDir: string): Promise<BuiltSite> {
  const entries = await readKvEntries(outDir);
  const values = new Map(entries.map((entry) => [entry.key, entry.value]));
  const stored = (key: string) => {
    const value = values.get(key);
    if (value === undefined) throw new Error(`the build stored no ${key}`);
    return JSON.parse(value) as unknown;
  };
  // A page that a forced `_redirects` rule moves away is stored but no route leads to it.
  const pages = result.pages.flatMap((summary) => {
    const target = result.routeTargets.get(summary.route);
    if (target && 'redirect' in target) return [];
    if (!target || !('page' in target)) throw new Error(`no page stored for ${summary.route}`);
    return [stored(kvKeys.page(target.page)) as PageData];
  });
  const sidebars = Object.fromEntries(
    Object.entries(result.manifest.sidebars).map(([id, ref]) => [
      id,
      storedSidebarItems(ref, (hash) => JSON.stringify(stored(kvKeys.sidebar(hash)))),
    ]),
  );
  const records = JSON.parse(await readFile(join(outDir, 'search', 'records.json'), 'utf8')) as SearchRecord[];
  return { ...result, outDir, pages, sidebars, entries, records, entry: (key) => values.get(key) };
}
