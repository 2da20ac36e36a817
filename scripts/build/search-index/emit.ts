// The build's search step: the split index of every page's records, written where the worker
// will read it (static assets for deployed builds, KV when the build has no client).

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { kvKeys, searchPiecePath, type PageData, type SearchRecord, type SearchRef } from '../../../client/model.ts';
import { createSearchIndexWriter } from './writer.ts';

export interface SearchIndexOutput {
  ref: SearchRef;
  /** The pieces as KV entries when `store` is 'kv'. */
  kvEntries: { key: string; value: string }[];
}

export async function emitSearchIndex(options: {
  pages: PageData[];
  records: SearchRecord[];
  siteUrl: string;
  store: SearchRef['store'];
  outDir: string;
}): Promise<SearchIndexOutput> {
  const writer = createSearchIndexWriter({ siteUrl: options.siteUrl });
  const byPage = new Map<string, SearchRecord[]>();
  for (const record of options.records) {
    const list = byPage.get(record.url_without_anchor);
    if (list) list.push(record);
    else byPage.set(record.url_without_anchor, [record]);
  }
  options.pages.forEach((page, pageIndex) =>
    writer.addPage(pageIndex, byPage.get(new URL(page.route, options.siteUrl).href) ?? []),
  );
  const kvEntries: SearchIndexOutput['kvEntries'] = [];
  if (options.store === 'assets')
    await mkdir(dirname(join(options.outDir, 'client', searchPiecePath('directory'))), { recursive: true });
  let directory = '';
  for (const piece of writer.pieces()) {
    if (options.store === 'kv') kvEntries.push({ key: kvKeys.searchPiece(piece.hash), value: piece.text });
    else await writeFile(join(options.outDir, 'client', searchPiecePath(piece.hash)), piece.text);
    directory = piece.hash;
  }
  return { ref: { store: options.store, directory }, kvEntries };
}
