// A kept search writer places the terms an edit adds or drops in both vocabulary orders instead of
// sorting the vocabulary again: the orders must stay those a fresh sort gives.

import { describe, expect, it } from 'vitest';
import { inTypoOrder } from '../../../../../../scripts/compiler/outputs/search/piece-writers.ts';
import { VocabularyOrders } from '../../../../../../scripts/compiler/outputs/search/vocabulary-orders.ts';

describe('the vocabulary orders of a kept writer', () => {
  it('stay those of a fresh sort as terms come and go', () => {
    const vocabulary = new Set(['alpha', 'beta', 'gamma', 'a', 'ab', 'abc', 'zeta', 'é', 'été', '日本', '42', 'b']);
    const orders = new VocabularyOrders();
    orders.of(vocabulary);
    const edits: [string, 'add' | 'drop'][] = [
      ['abd', 'add'],
      ['beta', 'drop'],
      ['alphabet', 'add'],
      ['zeta', 'drop'],
      ['zeta', 'add'],
      ['new', 'add'],
      ['new', 'drop'],
      ['éé', 'add'],
      ['a', 'drop'],
    ];
    for (const [term, edit] of edits) {
      if (edit === 'add') vocabulary.add(term);
      else vocabulary.delete(term);
      orders[edit](term);
      // Placed when next asked for, as a write asks once per rebuild.
      if (term === 'zeta' || term === 'a') {
        const sorted = [...vocabulary].sort();
        expect(orders.of(vocabulary)).toEqual({ sorted, typos: inTypoOrder(sorted) });
      }
    }
    const sorted = [...vocabulary].sort();
    expect(orders.of(vocabulary)).toEqual({ sorted, typos: inTypoOrder(sorted) });
  });
});
