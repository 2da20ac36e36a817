// The modal searches on every keystroke. Counting each would fill the analytics with "d", "de",
// "dep"…, so its requests say `analytics: false` and, once the reader stops typing, the last
// request is sent once more to be counted (Algolia's own `analytics` parameter, so an Algolia
// upstream counts the same way). The counting request asks for one hit and no text.

/** How long the query must rest before it counts as what the reader searched for. */
export const settleMs = 1000;

type Send = (requests: unknown[]) => Promise<unknown>;

export interface SettledSearch {
  /** The requests to send now, marked as not counted; schedules the counted one. */
  typed(requests: unknown[]): unknown[];
  /**
   * Counts the pending query now: the reader chose a hit before the query rested. Resolves
   * once the worker has the search, so the click that follows finds its query's row.
   */
  flush(): Promise<void>;
}

export function settledSearch(send: Send, { wait = settleMs } = {}): SettledSearch {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: unknown[] | undefined;
  /** The counted request on its way, sent by the timer or a flush: a click waits for it too. */
  let sending: Promise<void> = Promise.resolve();
  const count = () => {
    clearTimeout(timer);
    const requests = pending;
    pending = undefined;
    if (requests)
      sending = send(requests).then(
        () => undefined,
        () => undefined,
      );
    return sending;
  };
  return {
    flush: count,
    typed(requests) {
      clearTimeout(timer);
      pending = undefined;
      const queries = requests.filter((request): request is Record<string, unknown> => isObject(request));
      const counted = queries
        .filter((request) => typeof request.query === 'string' && request.query.trim() !== '')
        .map((request) => ({
          ...request,
          analytics: true,
          hitsPerPage: 1,
          attributesToRetrieve: [],
          attributesToHighlight: [],
          attributesToSnippet: [],
        }));
      // Nothing to count when the modal only asks for an empty query (its initial screen).
      if (counted.length) {
        pending = counted;
        timer = setTimeout(() => void count(), wait);
      }
      return requests.map((request) => (isObject(request) ? { ...request, analytics: false } : request));
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
