// A one-word query's page of hits without merging and ranking every record the word matches: a
// page needs its few best hits and how many match (`nbHits`), not all of them in order. Each
// posting bounds how well its record can rank (its term's weight, its fields and record type), so
// the records that can reach the page are found from the postings that could put them there,
// taken in id order until enough are, and only those records are merged and ranked. What needs
// every match in order (the `/search` page's grouping by page) ranks them all, as before.

import { boostOfMask, restrict } from './matches.ts';
import { termsMatches, type TermPostings } from './merged-matches.ts';
import { bucketOf, idSpan, Ranking, scoreStep, type Ranked } from './ranking.ts';
import { distinctRecords } from './record-count.ts';

/**
 * Below this many postings every match is merged and ranked: sorting a few thousand costs less
 * than counting them apart and gathering the best.
 */
export const boundedFrom = 4096;

/**
 * The ranking of a query of one word (no parts, no facet filter) whose terms are `terms`;
 * `everyMatch` ranks every match the usual way, for what the bound cannot answer.
 */
export function rankWord(terms: TermPostings[], rankBits: number, everyMatch: () => Ranking): Ranked {
  const postings = terms.reduce((sum, term) => sum + term.postings.ids.length, 0);
  return postings < boundedFrom ? everyMatch() : new WordRanking(terms, rankBits, everyMatch);
}

export class WordRanking implements Ranked {
  readonly count: number;
  readonly fullCount: number;
  private every?: Ranking;
  /** The best records found for the first `need` ranks; undefined where the bound could not tell them. */
  private best?: { need: number; ranking: Ranking | undefined };

  constructor(
    private readonly terms: TermPostings[],
    rankBits: number,
    private readonly everyMatch: () => Ranking,
  ) {
    this.count = distinctRecords(
      terms.map((term) => term.postings.ids),
      rankBits,
    );
    // A word's matches all hold the query's only word.
    this.fullCount = this.count;
  }

  slice(from: number, count: number): number[] {
    const need = Math.min(from + count, this.count);
    if (need <= from) return [];
    return (this.bestFor(need) ?? this.all()).slice(from, count);
  }

  isHeading(id: number): boolean {
    return this.knowing(id).isHeading(id);
  }

  groupOf(id: number): number {
    return this.knowing(id).groupOf(id);
  }

  pages(pageOf: (id: number) => number): number[] {
    return this.all().pages(pageOf);
  }

  recordsOf(pages: Set<number>, pageOf: (id: number) => number): number[] {
    return this.all().recordsOf(pages, pageOf);
  }

  /** A ranking that holds `id` as the full ranking would: the best records' when it is one of them. */
  private knowing(id: number): Ranking {
    const best = this.best?.ranking;
    return best?.has(id) ? best : this.all();
  }

  private all(): Ranking {
    this.every ??= this.everyMatch();
    return this.every;
  }

  private bestFor(need: number): Ranking | undefined {
    if (!this.best || this.best.need < need) this.best = { need, ranking: bestRecords(this.terms, need) };
    return this.best.ranking;
  }
}

/**
 * A ranking of a few of the word's records whose first `need` ranks are the full ranking's, or
 * undefined when the bound cannot tell which those are.
 *
 * A record ranks in the bucket of its best posting's score, needs a typo only if every term
 * holding it does, and has its type in every posting: so no record ranks better than the best
 * `bound` of its postings (the bound of a typo's posting leaves the typo out when the word has an
 * exact term, which may hold the same record). Let `cut` be the first bucket by which `take`
 * postings are bounded: every record bounded before it is taken, and of those bounded in it, the
 * first by id, up to an id below which all of them are; records bounded later, or in `cut` past
 * that id, rank after all of those. If `need` of the records taken rank within that limit, they
 * are the page; otherwise (their typos or scores did not reach their bound) more are taken, and
 * past a few tries the caller ranks every match.
 */
export function bestRecords(terms: TermPostings[], need: number): Ranking | undefined {
  const anyExact = terms.some((term) => term.exact);
  const counts = terms.map(({ postings }) => {
    const byMeta = new Uint32Array(256);
    for (let i = 0; i < postings.metas.length; i++) byMeta[postings.metas[i]!]!++;
    return byMeta;
  });
  const bounds = terms.map(({ weight, exact }, term) => {
    const typos = exact || anyExact ? 0 : 1;
    const bound = new Int32Array(256);
    for (let meta = 0; meta < 256; meta++)
      if (counts[term]![meta]! > 0)
        bound[meta] = bucketOf(0, typos, 0, meta >> 5, scoreStep(weight * boostOfMask[meta & 31]!));
    return bound;
  });
  // Bounds a typo's posting may not reach (its record lacks the exact term) can fill the cut: a
  // few more postings are then taken, before every match is ranked.
  for (let take = need; take <= need * maxWidening; take *= 4) {
    const cut = cutBucket(counts, bounds, take);
    if (cut === undefined) return undefined;
    const { records, limit } = recordsUpTo(terms, counts, bounds, cut, take);
    const ranking = new Ranking(
      termsMatches(terms.map((term) => ({ ...term, postings: restrict(term.postings, records) }))),
    );
    if (ranking.count >= need && ranking.keyOf(ranking.slice(need - 1, 1)[0]!) <= cut * idSpan + limit) return ranking;
  }
  return undefined;
}

/** How far past `need` postings the cut may move, in all, before every match is ranked instead. */
const maxWidening = 64;

/**
 * The records (ascending, once each) of the postings bounded before `cut`, and of those bounded in
 * it, the first `take` of each term, then only up to `limit`: the least of the last ids taken of
 * the terms that had more, so that every posting bounded in `cut` up to `limit` is taken.
 */
function recordsUpTo(
  terms: TermPostings[],
  counts: Uint32Array[],
  bounds: Int32Array[],
  cut: number,
  take: number,
): { records: Uint32Array; limit: number } {
  const before: number[] = [];
  const within: number[] = [];
  let limit = idSpan - 1;
  terms.forEach(({ postings: { ids, metas } }, term) => {
    const bound = bounds[term]!;
    let left = 0;
    let inCut = 0;
    for (let meta = 0; meta < 256; meta++) {
      if (counts[term]![meta]! === 0) continue;
      if (bound[meta]! < cut) left += counts[term]![meta]!;
      else if (bound[meta] === cut) inCut += counts[term]![meta]!;
    }
    const wanted = Math.min(take, inCut);
    let taken = 0;
    // Stops once every posting bounded before the cut and the first of those in it are taken.
    for (let i = 0; i < ids.length && (left > 0 || taken < wanted); i++) {
      const at = bound[metas[i]!]!;
      if (at < cut) {
        before.push(ids[i]!);
        left--;
      } else if (at === cut && taken < wanted) {
        within.push(ids[i]!);
        if (++taken === take && inCut > take) limit = Math.min(limit, ids[i]!);
      }
    }
  });
  const all = Uint32Array.from([...before, ...within.filter((id) => id <= limit)]).sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
  return { records: all.subarray(0, n), limit };
}

/** The first bucket by which `need` postings are bounded; undefined when most postings are. */
function cutBucket(counts: Uint32Array[], bounds: Int32Array[], need: number): number | undefined {
  const buckets: [number, number][] = [];
  let total = 0;
  counts.forEach((byMeta, term) => {
    for (let meta = 0; meta < 256; meta++) {
      if (byMeta[meta]! === 0) continue;
      buckets.push([bounds[term]![meta]!, byMeta[meta]!]);
      total += byMeta[meta]!;
    }
  });
  // Where a page asks for a good share of the matches, gathering them is no cheaper.
  if (need * 4 >= total) return undefined;
  buckets.sort((a, b) => a[0] - b[0]);
  let below = 0;
  for (const [bucket, count] of buckets) if ((below += count) >= need) return bucket;
  return undefined;
}
