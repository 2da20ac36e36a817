// The modal's Insights events (client/search/insights.ts): what it sends to `/1/events`,
// and when — views in batches of 20 or after a 400 ms pause, a click at once.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, hitClicked, searchAnswered } from '../../../../client/search/insights.ts';

interface Sent {
  events: { eventType: string; queryID: string; objectIDs: string[]; positions?: number[]; userToken: string }[];
}

let sent: Sent[] = [];

beforeEach(() => {
  sent = [];
  vi.useFakeTimers();
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    expect(url).toBe('/1/events');
    sent.push(JSON.parse(init.body as string) as Sent);
    return Promise.resolve(new Response('{}'));
  });
});
afterEach(() => {
  flush();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const queryID = 'a'.repeat(32);
const answer = (count: number, id = queryID) => ({
  results: [{ queryID: id, index: 'docs', hits: Array.from({ length: count }, (_, i) => ({ objectID: `hit-${i}` })) }],
});

describe('modal insights events', () => {
  it('sends a click at once, with the hit’s 1-based position and the queryID of its search', () => {
    searchAnswered(answer(5));
    hitClicked('hit-2');
    expect(sent).toHaveLength(1);
    const click = sent[0]!.events.find((e) => e.eventType === 'click')!;
    expect(click).toMatchObject({ queryID, objectIDs: ['hit-2'], positions: [3], userToken: 'anonymous' });
  });

  it('counts one click once even when DocSearch reports it twice', () => {
    searchAnswered(answer(3));
    hitClicked('hit-0');
    hitClicked('hit-0');
    expect(sent.flatMap((s) => s.events).filter((e) => e.eventType === 'click')).toHaveLength(1);
  });

  it('holds views until 20 are queued, or until the reader pauses', () => {
    for (let i = 0; i < 19; i++) searchAnswered(answer(2, i.toString(16).padStart(32, '0')));
    expect(sent).toHaveLength(0);
    searchAnswered(answer(2, 'f'.repeat(32)));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.events).toHaveLength(20);

    searchAnswered(answer(2));
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(400);
    expect(sent).toHaveLength(2);
  });

  it('sends nothing for a hit no search with click analytics showed', () => {
    searchAnswered({ results: [{ hits: [{ objectID: 'plain' }] }] });
    hitClicked('plain');
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(0);
  });
});
