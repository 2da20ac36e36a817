import { describe, expect, it } from 'vitest';
import { signQueryId, verifyQueryId } from '../../../../../worker/services/analytics/query-id.ts';
import { queryHash } from '../../../../../worker/services/analytics/normalise.ts';

const secret = 'a test secret of more than sixteen characters';
const now = Date.parse('2026-11-28T12:00:00Z');
const algolia = '0123456789abcdef0123456789abcdef';

describe('signed queryIDs', () => {
  it('carry the query, the hits shown and the day, and a new nonce for each answer', async () => {
    const first = await signQueryId(secret, { query: 'Deploy ', hits: 7 }, now);
    const second = await signQueryId(secret, { query: 'deploy', hits: 7 }, now);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toBe(second);
    const read = await verifyQueryId(secret, first, now);
    expect(read).toMatchObject({ hits: 7, queryHash: queryHash('deploy'), dayNumber: Math.floor(now / 86_400_000) });
    expect(read).not.toHaveProperty('algolia');
    expect((await verifyQueryId(secret, second, now))!.search).not.toBe(read!.search);
  });

  it('keep Algolia’s own queryID in front, unchanged, and inside the signature', async () => {
    const id = await signQueryId(secret, { query: 'deploy', hits: 20, algolia }, now);
    expect(id).toMatch(/^[0-9a-f]{96}$/);
    expect(id.slice(0, 32)).toBe(algolia);
    expect((await verifyQueryId(secret, id, now))!.algolia).toBe(algolia);
    const swapped = `${'f'.repeat(32)}${id.slice(32)}`;
    expect(await verifyQueryId(secret, swapped, now)).toBeUndefined();
  });

  it('are refused when made without the secret, changed, or older than yesterday', async () => {
    const id = await signQueryId(secret, { query: 'deploy', hits: 5 }, now);
    expect(await verifyQueryId('another secret of enough length', id, now)).toBeUndefined();
    // More hits than the answer showed, so that later positions would pass.
    const moreHits = `${id.slice(0, 20)}00ff${id.slice(24)}`;
    expect(await verifyQueryId(secret, moreHits, now)).toBeUndefined();
    expect(await verifyQueryId(secret, queryHash('deploy').repeat(2), now)).toBeUndefined();
    expect(await verifyQueryId(secret, id, now + 86_400_000)).toBeDefined();
    expect(await verifyQueryId(secret, id, now + 2 * 86_400_000)).toBeUndefined();
    expect(await verifyQueryId(secret, id, now - 86_400_000)).toBeUndefined();
  });
});
