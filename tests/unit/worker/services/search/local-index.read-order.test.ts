// The order in which a query reads the split index's pieces: each round of reads waits for the
// one before it, so a piece known early is read with the others known then.

import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../../../../client/contract/search-protocol.ts';
import type { SearchRoot, VocabularyPiece } from '../../../../../client/contract/index-pieces.ts';
import { pieceSizes } from '../../../../../scripts/compiler/outputs/search/index-writer.ts';
import { earlyPageDirectories } from '../../../../../worker/services/search/local-index.ts';
import { openIndex, writeIndex } from '../../../support/search-index.ts';
import { random, syntheticPage, zipfVocabulary, type Vocabulary } from '../../../support/synthetic-pages.ts';

let records: SearchRecord[];
let vocabulary: Vocabulary;

beforeAll(() => {
  const rand = random(7);
  vocabulary = zipfVocabulary(3_000, rand);
  records = Array.from({ length: 200 }, (_, page) => syntheticPage(page, vocabulary, rand, 10)).flat();
});

/** An index of the records with `perDirectory` record chunks a page directory piece, and what it holds. */
function indexWith(perDirectory: number) {
  const written = writeIndex(records, {
    ...pieceSizes,
    // A few pages a chunk (each page's records are about 1.4 KB).
    records: 4 * 1024,
    headings: 4 * 1024,
    pageDirectory: perDirectory,
  });
  const root = JSON.parse(written.pieces.get(written.directory)!) as SearchRoot;
  const termPieces = new Set(
    root.vocabulary.flatMap(([, hash]) =>
      (JSON.parse(written.pieces.get(hash)!) as VocabularyPiece).pieces!.map(([, piece]) => piece),
    ),
  );
  return { written, pageDirectories: root.pages.map(([, hash]) => hash), termPieces };
}

/** The pieces a search for `query` and its first 20 hits' records read, in the order they were asked for. */
async function readOrder(written: ReturnType<typeof writeIndex>, query: string): Promise<string[]> {
  const index = openIndex(written);
  const ranking = await index.engine.search(query);
  expect(ranking.count).toBeGreaterThan(0);
  await index.engine.shown(query, ranking, ranking.slice(0, 20));
  return [...index.read];
}

describe('the order a query reads its pieces in', () => {
  it('asks for a small site’s page directory pieces before its term pieces, so its hits’ chunks come a round sooner', async () => {
    const { written, pageDirectories, termPieces } = indexWith(8);
    expect(pageDirectories.length).toBeGreaterThan(1);
    expect(pageDirectories.length).toBeLessThanOrEqual(earlyPageDirectories);
    const order = await readOrder(written, `${vocabulary.words[40]} ${vocabulary.words[3]!.slice(0, 3)}`);
    const firstTermPiece = order.findIndex((hash) => termPieces.has(hash));
    expect(firstTermPiece).toBeGreaterThan(-1);
    for (const hash of pageDirectories) {
      expect(order.indexOf(hash)).toBeGreaterThan(-1);
      expect(order.indexOf(hash)).toBeLessThan(firstTermPiece);
    }
  });

  it('reads only the page directory pieces its hits need when a site has more than that', async () => {
    const { written, pageDirectories, termPieces } = indexWith(1);
    expect(pageDirectories.length).toBeGreaterThan(earlyPageDirectories);
    const order = await readOrder(written, vocabulary.words[200]!);
    const firstTermPiece = order.findIndex((hash) => termPieces.has(hash));
    expect(order.slice(0, firstTermPiece).filter((hash) => pageDirectories.includes(hash))).toEqual([]);
    expect(order.filter((hash) => pageDirectories.includes(hash)).length).toBeLessThan(pageDirectories.length);
  });
});
