// The vocabulary in its two orders (sorted, and `inTypoOrder`), kept by a writer written out again
// and again (`npm start`'s one-page rebuilds): an edit adds or drops a few terms, which go in or out
// at their places instead of the whole vocabulary being sorted again (a second or more on a large site).

import { compareTerms, inTypoOrder, typoOrder } from './piece-writers.ts';

export class VocabularyOrders {
  private orders: { sorted: string[]; typos: string[] } | undefined;
  /** Terms added and dropped since the orders were made, not yet placed. */
  private readonly added = new Set<string>();
  private readonly dropped = new Set<string>();

  /** A term now in the vocabulary. */
  add(term: string): void {
    if (!this.orders) return;
    if (!this.dropped.delete(term)) this.added.add(term);
  }

  /** A term no longer in it. */
  drop(term: string): void {
    if (!this.orders) return;
    if (!this.added.delete(term)) this.dropped.add(term);
  }

  /** Both orders of `terms` (the vocabulary now), made once, then kept up to date. */
  of(terms: Iterable<string>): { sorted: string[]; typos: string[] } {
    if (!this.orders) {
      const sorted = [...terms].sort();
      this.orders = { sorted, typos: inTypoOrder(sorted) };
      return this.orders;
    }
    const { sorted, typos } = this.orders;
    for (const term of this.dropped) {
      sorted.splice(place(sorted, term, compareTerms), 1);
      typos.splice(place(typos, term, typoOrder), 1);
    }
    for (const term of this.added) {
      sorted.splice(place(sorted, term, compareTerms), 0, term);
      typos.splice(place(typos, term, typoOrder), 0, term);
    }
    this.added.clear();
    this.dropped.clear();
    return this.orders;
  }
}

/** Where `term` is in `list`, or would go: the first place whose term does not come before it. */
function place(list: string[], term: string, order: (a: string, b: string) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(list[middle]!, term) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
