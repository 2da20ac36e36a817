// How well each posting of a one-word query can put its record in the ranking, at best: the
// bucket (ranking.ts) the record would sort in if this posting were its best, weighed by its
// page's exact count of mentions (page-weight.ts). No record ranks better than the best bound of
// its postings, so the records that can reach a page of hits are found from the postings whose
// bound can put them there (word-ranking.ts).

import { boostOfMask } from './matches.ts';
import type { TermPostings } from './merged-matches.ts';
import { countedUpTo, pageFactor } from './page-weight.ts';
import { bucketOf, scoreStep } from './ranking.ts';

/** Every bucket `bucketOf` gives a record holding every word, exact or not, one name or apart. */
const buckets = bucketOf(1, 0, 0, 0, 0);
/** One count a bucket, shared by every query (an isolate ranks one at a time), left zeroed. */
let histogram: Uint32Array | undefined;
const classes = countedUpTo + 1;

export class WordBounds {
  /** By term, then field bits × count class: the score step, or -1 before it is worked out. */
  private readonly steps: Int16Array[];
  /** By term, then record type: the bucket of score step 0. */
  private readonly bases: Int32Array[];

  constructor(
    private readonly terms: TermPostings[],
    private readonly mentions: Uint8Array,
    private readonly rankBits: number,
  ) {
    // A record needs a typo only if every term holding it does, and any exact term may hold it.
    const anyExact = terms.some((term) => term.exact);
    this.steps = terms.map(() => new Int16Array(32 * classes).fill(-1));
    this.bases = terms.map(({ exact }) =>
      Int32Array.from({ length: 8 }, (_, type) => bucketOf(0, exact || anyExact ? 0 : 1, 0, type, 0)),
    );
  }

  /** The bound of posting `at` of term `term`: no better bucket its record can rank in through it. */
  of(term: number, at: number): number {
    const { ids, metas } = this.terms[term]!.postings;
    const meta = metas[at]!;
    const count = Math.min(this.mentions[ids[at]! >>> this.rankBits]!, countedUpTo);
    const cell = (meta & 31) * classes + count;
    const steps = this.steps[term]!;
    let step = steps[cell]!;
    if (step === -1) {
      // As the ranking scores it: the term's score for these fields, then the page's factor.
      const score = this.terms[term]!.weight * boostOfMask[meta & 31]!;
      step = steps[cell] = scoreStep(score * pageFactor(count));
    }
    return this.bases[term]![meta >> 5]! + step;
  }

  /**
   * The cut for each of `takes` (ascending): the first bucket by which that many postings are
   * bounded (past the last bucket when there are fewer postings).
   */
  cuts(takes: number[]): number[] {
    histogram ??= new Uint32Array(buckets);
    let first = buckets;
    let last = 0;
    this.terms.forEach(({ postings }, term) => {
      for (let at = 0; at < postings.ids.length; at++) {
        const bucket = this.of(term, at);
        histogram![bucket]!++;
        if (bucket < first) first = bucket;
        if (bucket > last) last = bucket;
      }
    });
    const cuts: number[] = [];
    let below = 0;
    let bucket = first;
    for (const take of takes) {
      while (bucket <= last && below + histogram[bucket]! < take) below += histogram[bucket++]!;
      cuts.push(bucket);
    }
    histogram.fill(0, first, last + 1);
    return cuts;
  }

  /**
   * The records (ascending, once each) of the postings bounded before `cut`, and of those bounded
   * in it, the first `take` of each term, then only up to `limit`: the least id past which a term
   * had more in the cut than it gave, so that every posting bounded in `cut` up to `limit` is taken.
   */
  recordsUpTo(cut: number, take: number): { records: Uint32Array; limit: number } {
    const before: number[] = [];
    const within: number[] = [];
    let limit = 2 ** 32 - 1;
    this.terms.forEach(({ postings: { ids } }, term) => {
      let taken = 0;
      let lastTaken = 0;
      for (let at = 0; at < ids.length; at++) {
        const bound = this.of(term, at);
        if (bound < cut) before.push(ids[at]!);
        else if (bound === cut) {
          // More in the cut than the term gives: records past the last it gave may be left out.
          if (taken === take) limit = Math.min(limit, lastTaken);
          else {
            within.push(ids[at]!);
            lastTaken = ids[at]!;
            taken++;
          }
        }
      }
    });
    const all = Uint32Array.from([...before, ...within.filter((id) => id <= limit)]).sort();
    let n = 0;
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
    return { records: all.subarray(0, n), limit };
  }
}
