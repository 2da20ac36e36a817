import { beforeEach, describe, expect, it } from 'vitest';
import {
  acceptEvents,
  forgetSeenEvents,
  maxSearchesPerRequest,
} from '../../../../../worker/services/analytics/accepted-events.ts';
import type { InsightsEvent } from '../../../../../worker/services/analytics/events.ts';
import { signQueryId } from '../../../../../worker/services/analytics/query-id.ts';

const secret = 'a test secret of more than sixteen characters';
const algolia = '0123456789abcdef0123456789abcdef';

function click(queryID: string, positions: number[]): InsightsEvent {
  return {
    eventType: 'click',
    eventName: 'Hit clicked',
    index: 'docs',
    userToken: 'anonymous',
    queryID,
    objectIDs: positions.map((p) => `hit-${p}`),
    positions,
  };
}

beforeEach(forgetSeenEvents);

describe('which Insights events count', () => {
  it('forwards to Algolia only the clicks that count, with Algolia’s own queryID', async () => {
    const id = await signQueryId(secret, { query: 'deploy', hits: 3, algolia });
    const accepted = await acceptEvents(secret, [click(id, [1, 4, 3, 1])]);
    expect(accepted.counted.map((e) => e.position)).toEqual([1, 3]);
    expect(accepted.dropped).toBe(2);
    expect(accepted.forAlgolia).toEqual([{ ...click(algolia, [1, 3]), objectIDs: ['hit-1', 'hit-3'] }]);
  });

  it('forwards nothing for answers of the embedded index, and nothing unsigned', async () => {
    const ours = await signQueryId(secret, { query: 'deploy', hits: 3 });
    const accepted = await acceptEvents(secret, [click(ours, [1]), click(algolia, [1])]);
    expect(accepted.counted).toHaveLength(1);
    expect(accepted.forAlgolia).toEqual([]);
  });

  it(`checks at most ${maxSearchesPerRequest} distinct queryIDs in one request`, async () => {
    const ids = await Promise.all(
      Array.from({ length: maxSearchesPerRequest + 10 }, (_, i) => signQueryId(secret, { query: `q${i}`, hits: 1 })),
    );
    const accepted = await acceptEvents(
      secret,
      ids.map((id) => click(id, [1])),
    );
    expect(accepted.counted).toHaveLength(maxSearchesPerRequest);
    expect(accepted.dropped).toBe(10);
  });
});
