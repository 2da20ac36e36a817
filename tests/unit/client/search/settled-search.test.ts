// The modal counts the query a reader settles on, not each keystroke: its requests say
// `analytics: false`, and the last one is sent again, counted, once the query rests.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settledSearch, settleMs } from '../../../../client/search/settled-search.ts';

const request = (query: string) => ({ indexName: 'docs', query, hitsPerPage: 20, attributesToSnippet: ['content:10'] });

describe('the modal counts the query the reader settles on', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('marks every keystroke’s request as not counted', () => {
    const settled = settledSearch(vi.fn(() => Promise.resolve()));
    expect(settled.typed([request('de')])).toEqual([{ ...request('de'), analytics: false }]);
  });

  it('counts only the last query, once, after the query rests', () => {
    const send = vi.fn((_requests: unknown[]) => Promise.resolve());
    const settled = settledSearch(send);
    for (const typed of ['d', 'de', 'dep', 'deploy']) {
      settled.typed([request(typed)]);
      vi.advanceTimersByTime(settleMs / 4);
    }
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(settleMs);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toEqual([
      expect.objectContaining({ query: 'deploy', analytics: true, hitsPerPage: 1, attributesToSnippet: [] }),
    ]);
    vi.advanceTimersByTime(settleMs * 5);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('counts the pending query at once when the reader chooses a hit, and only once', async () => {
    const send = vi.fn((_requests: unknown[]) => Promise.resolve());
    const settled = settledSearch(send);
    settled.typed([request('deploy')]);
    await settled.flush();
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(settleMs * 2);
    await settled.flush();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('lets a hit chosen while the counted request is on its way wait for its answer', async () => {
    let answer: () => void = () => undefined;
    const send = vi.fn((_requests: unknown[]) => new Promise<void>((resolve) => (answer = resolve)));
    const settled = settledSearch(send);
    settled.typed([request('deploy')]);
    vi.advanceTimersByTime(settleMs);
    expect(send).toHaveBeenCalledTimes(1);

    // The click event must reach the worker after the search it names is counted, or it finds no row.
    let clicked = false;
    const click = settled.flush().then(() => (clicked = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(clicked).toBe(false);
    answer();
    await click;
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('lets the click wait until the search is counted, even when counting fails', async () => {
    const settled = settledSearch(() => Promise.reject(new Error('offline')));
    settled.typed([request('deploy')]);
    await expect(settled.flush()).resolves.toBeUndefined();
  });

  it('counts nothing for the empty query of the opening screen', () => {
    const send = vi.fn(() => Promise.resolve());
    settledSearch(send).typed([request('')]);
    vi.advanceTimersByTime(settleMs * 2);
    expect(send).not.toHaveBeenCalled();
  });
});
