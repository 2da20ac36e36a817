// A batch's compiled docs made ready to store, in the thread that compiled them (a compile thread,
// or the build's own for a small site): turning a page into its KV values, records and search
// terms is pure work on the page, and the build's own thread, which stores every page one after
// another, then only writes what it is handed.

import type { BatchEntry, CompiledPage } from './batch.ts';
import { docPageData } from './doc-page.ts';
import { preparePage } from '../outputs/prepared-page.ts';

/** The pages of entries with a place, ready to store (their tree and TOC left out); the others as they are. */
export function preparedPages(entries: BatchEntry[], pages: CompiledPage[]): CompiledPage[] {
  const entryOf = new Map(entries.map((entry) => [entry.index, entry]));
  return pages.map((page) => {
    const entry = entryOf.get(page.index);
    if (!entry?.place) return page;
    const { tree, toc, head, ...rest } = page;
    const data = docPageData({ doc: entry.doc, tree, toc, ...(head ? { head } : {}) }, entry.place);
    return { ...rest, tree: [], toc: [], prepared: preparePage(data, entry.place.facts) };
  });
}
