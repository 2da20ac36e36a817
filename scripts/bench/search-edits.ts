// `npm run bench -- --search-edits [--size N] [--budget MiB]`: the search step of `npm start`'s
// one-page rebuild on a large site, without the rest of the build. A kept search writer (removable,
// spilled to disk past `--budget`, as a large site's is) over N synthetic pages is written once;
// then the middle page is edited three times: a paragraph added after its title, that paragraph's
// words changed, another paragraph added. For each edit: the time to take the page out, add it
// again and write the index, the pieces made again (not in the write before) and their bytes, and
// the postings read back from the spill files.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchRecord } from '../../client/contract/search-protocol.ts';
import { createSearchIndexWriter } from '../compiler/outputs/search/index-writer.ts';
import { random, syntheticPage, syntheticSiteUrl, zipfVocabulary } from './synthetic-records.ts';

function option(argv: string[], flag: string, fallback: number): number {
  const index = argv.indexOf(flag);
  return index === -1 ? fallback : Number(argv[index + 1]);
}

export async function benchSearchEdits(argv: string[]): Promise<void> {
  const pages = option(argv, '--size', 20_000);
  const budget = option(argv, '--budget', 32) * 2 ** 20;
  const rand = random(7);
  const vocabulary = zipfVocabulary(40_000, rand);
  const dir = await mkdtemp(join(tmpdir(), 'self-docs-search-edits-'));
  try {
    const writer = createSearchIndexWriter({
      siteUrl: syntheticSiteUrl,
      removable: true,
      spill: { dir, budget },
    });
    const middle = Math.floor(pages / 2);
    let page: SearchRecord[] = [];
    const started = performance.now();
    for (let index = 0; index < pages; index++) {
      const records = syntheticPage(index, vocabulary, rand, 20 + (index % 60));
      if (index === middle) page = records;
      writer.addPage(index, records);
    }
    let previous = new Set<string>();
    const write = () => {
      const hashes = new Set<string>();
      let made = 0;
      let bytes = 0;
      for (const piece of writer.pieces()) {
        hashes.add(piece.hash);
        if (previous.has(piece.hash)) continue;
        made++;
        bytes += piece.text.length;
      }
      previous = hashes;
      return { made, bytes, pieces: hashes.size };
    };
    const first = write();
    console.log(
      `${pages} pages written in ${Math.round(performance.now() - started)} ms: ${first.pieces} pieces, ` +
        `${writer.spilled() ? 'spilled to disk' : 'held in memory'}`,
    );

    // A paragraph of the site's commonest words and some drawn ones, as a new paragraph has.
    const paragraph = (from: number): SearchRecord => ({
      ...page[1]!,
      objectID: `added-${from}`,
      type: 'content',
      content: [...vocabulary.words.slice(from, from + 6), ...Array.from({ length: 20 }, vocabulary.draw)].join(' '),
    });
    const inOrder = (records: SearchRecord[]) =>
      records.map((record, position) => ({ ...record, weight: { ...record.weight, position } }));
    const [title, ...rest] = page;
    const edits: [string, SearchRecord[]][] = [
      ['paragraph added', inOrder([title!, paragraph(0), ...rest])],
      ['its words changed', inOrder([title!, paragraph(3), ...rest])],
      ['another paragraph', inOrder([title!, paragraph(3), paragraph(1), ...rest])],
    ];
    let readBefore = writer.postingsReadBack();
    for (const [what, records] of edits) {
      const editStarted = performance.now();
      writer.removePage(middle);
      writer.addPage(middle, records);
      const { made, bytes } = write();
      const read = writer.postingsReadBack() - readBefore;
      readBefore += read;
      console.log(
        `${what.padEnd(18)} ${String(Math.round(performance.now() - editStarted)).padStart(6)} ms, ` +
          `${made} pieces made again (${(bytes / 1e6).toFixed(2)} MB), ${(read / 1e6).toFixed(1)} MB of postings read back`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
