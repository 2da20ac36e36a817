// Synthetic documentation pages for scale tests (scripts/bench/synthetic-records.ts), and index
// pieces small enough that a small synthetic site is split as a big one is.

import type { PieceSizes } from '../../../scripts/compiler/outputs/search/index-writer.ts';

export {
  random,
  syntheticPage,
  syntheticSiteUrl,
  zipfVocabulary,
  type Vocabulary,
} from '../../../scripts/bench/synthetic-records.ts';

/** Small index pieces, so a small synthetic site has many of each kind, as a big one does. */
export const smallPieceSizes: PieceSizes = {
  terms: 2048,
  longTerm: 8192,
  vocabulary: 1024,
  records: 4096,
  headings: 2048,
  pageDirectory: 4,
};
