// How well each posting of a one-word query can put its record in the ranking, at best: the
// bucket (ranking.ts) the record would sort in if this posting were its best, weighed by the page
// weight (page-weight.ts) of a count of mentions never below its page's (record-count.ts). No
// record ranks better than the best bound of its postings, so the records that can reach a page
// of hits are found from the postings whose bound can put them there (word-ranking.ts).

import { boostOfMask } from './matches.ts';
import type { TermPostings } from './merged-matches.ts';
import { countedUpTo, pageFactor } from './page-weight.ts';
import { bucketCounts, bucketOf, scoreStep } from './ranking.ts';

const classes = countedUpTo + 1;

export class WordBounds {
  /** By term, then field bits × count class: the score step, or -1 before it is worked out. */
  private readonly steps: Int16Array[];
  /** By term, then record type: the bucket of score step 0. */
  private readonly bases: Int32Array[];
  /**
   * The postings `cuts` kept, in the order read (term by term, ids ascending): every one bounded
   * by the last cut, a few more, none of the many bounded past it.
   */
  private readonly kept: { terms: number[]; ids: number[]; bounds: number[] } = { terms: [], ids: [], bounds: [] };

  constructor(
    private readonly terms: TermPostings[],
    private readonly mentions: Uint32Array,
    private readonly rankBits: number,
  ) {
    // A record needs a typo only if every term holding it does, and any exact term may hold it.
    const anyExact = terms.some((term) => term.exact);
    this.steps = terms.map(() => new Int16Array(32 * classes).fill(-1));
    this.bases = terms.map(({ exact }) =>
      Int32Array.from({ length: 8 }, (_, type) => bucketOf(0, exact || anyExact ? 0 : 1, 0, type, 0)),
    );
  }

  /** The score step of a posting of `term` in fields `mask` on a page of `count` mentions. */
  private step(term: number, mask: number, count: number): number {
    // As the ranking scores it: the term's score for these fields, then the page's factor.
    const score = this.terms[term]!.weight * boostOfMask[mask]!;
    return (this.steps[term]![mask * classes + count] = scoreStep(score * pageFactor(count)));
  }

  /**
   * The cut for each of `takes` (ascending): the first bucket by which that many postings are
   * bounded (past the last bucket when there are fewer postings). The postings bounded by the
   * last cut are kept, with their bounds, for `recordsUpTo`: no better bucket its record can rank
   * in through one. The cut is followed as the postings are read, and only those bounded by it
   * are kept (it only moves to better buckets), so a common word is read once and not stored whole.
   */
  cuts(takes: number[]): number[] {
    const most = takes[takes.length - 1];
    if (most === undefined) return [];
    // The ranking's own counts, borrowed: this runs before any ranking of the query and leaves them zeroed.
    const histogram = bucketCounts();
    const { mentions, rankBits, kept } = this;
    let first = histogram.length;
    let last = 0;
    /** The cut for `most` among the postings read so far, and how many are bounded by it. */
    let cut = histogram.length - 1;
    let byCut = 0;
    for (let term = 0; term < this.terms.length; term++) {
      const { ids, metas } = this.terms[term]!.postings;
      const steps = this.steps[term]!;
      const base = this.bases[term]!;
      for (let at = 0; at < ids.length; at++) {
        const meta = metas[at]!;
        const mentioned = mentions[ids[at]! >>> rankBits]!;
        const count = mentioned < countedUpTo ? mentioned : countedUpTo;
        let step = steps[(meta & 31) * classes + count]!;
        if (step === -1) step = this.step(term, meta & 31, count);
        const bucket = base[meta >> 5]! + step;
        histogram[bucket]!++;
        if (bucket < first) first = bucket;
        if (bucket > last) last = bucket;
        if (bucket > cut) continue;
        kept.terms.push(term);
        kept.ids.push(ids[at]!);
        kept.bounds.push(bucket);
        byCut++;
        // Up while the postings bounded before the cut's bucket are enough without it.
        while (byCut - histogram[cut]! >= most) byCut -= histogram[cut--]!;
      }
    }
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
    const { terms, ids, bounds } = this.kept;
    let term = -1;
    let taken = 0;
    let lastTaken = 0;
    for (let at = 0; at < ids.length; at++) {
      const bound = bounds[at]!;
      if (bound > cut) continue;
      if (terms[at] !== term) {
        term = terms[at]!;
        taken = 0;
        lastTaken = 0;
      }
      if (bound < cut) before.push(ids[at]!);
      // More in the cut than the term gives: records past the last it gave may be left out.
      else if (taken === take) limit = Math.min(limit, lastTaken);
      else {
        within.push(ids[at]!);
        lastTaken = ids[at]!;
        taken++;
      }
    }
    const all = Uint32Array.from([...before, ...within.filter((id) => id <= limit)]).sort();
    let n = 0;
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
    return { records: all.subarray(0, n), limit };
  }
}
