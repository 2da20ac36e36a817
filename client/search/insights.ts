// Algolia Insights events from the modal, sent same-origin to the worker's `POST /1/events`
// (never through DocSearch's `insights` option, which loads `search-insights` from a CDN).
// Views go out 20 at a time or 400 ms after the last one; a click goes out with them.

/** Algolia needs a user token; ours names nobody (no cookie, no id). */
const userToken = 'anonymous';
const viewBatch = 20;
const debounceMs = 400;

interface InsightsEvent {
  eventType: 'click' | 'view';
  eventName: string;
  index: string;
  userToken: string;
  queryID: string;
  objectIDs: string[];
  positions?: number[];
}

interface Shown {
  queryID: string;
  position: number;
  index: string;
}

/** Where each hit on screen came from: the queryID of its search and its 1-based position. */
const shown = new Map<string, Shown>();
let queue: InsightsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

interface ResultLike {
  queryID?: string;
  index?: string;
  hits?: { objectID?: string }[];
}

/** Called with each search response: remembers positions and queues one view event per result. */
export function searchAnswered(body: unknown): void {
  const results = ((body as { results?: ResultLike[] }).results ?? []).filter((r) => r.queryID && r.hits?.length);
  lastClick = '';
  for (const result of results) {
    const index = result.index ?? 'docs';
    const objectIDs = result.hits!.map((hit) => hit.objectID).filter((id): id is string => Boolean(id));
    objectIDs.forEach((objectID, i) => shown.set(objectID, { queryID: result.queryID!, position: i + 1, index }));
    if (objectIDs.length === 0) continue;
    enqueue({
      eventType: 'view',
      eventName: 'Hits viewed',
      index,
      userToken,
      queryID: result.queryID!,
      objectIDs: objectIDs.slice(0, 20),
    });
  }
  if (shown.size > 500) shown.clear();
}

/** A reader opened this hit (mouse or keyboard). */
let lastClick = '';

export function hitClicked(objectID: string): void {
  const origin = shown.get(objectID);
  // DocSearch may report one click twice (the link's click and its own select): count it once.
  const key = `${origin?.queryID}|${objectID}`;
  if (!origin || key === lastClick) return;
  lastClick = key;
  enqueue({
    eventType: 'click',
    eventName: 'Hit clicked',
    index: origin.index,
    userToken,
    queryID: origin.queryID,
    objectIDs: [objectID],
    positions: [origin.position],
  });
  // The page is about to change: send now, not after the debounce.
  flush();
}

function enqueue(event: InsightsEvent): void {
  queue.push(event);
  if (queue.length >= viewBatch) return flush();
  clearTimeout(timer);
  timer = setTimeout(flush, debounceMs);
}

export function flush(): void {
  clearTimeout(timer);
  if (queue.length === 0) return;
  const body = JSON.stringify({ events: queue });
  queue = [];
  // keepalive: the click that navigates away must still arrive. Analytics never bother the reader.
  void fetch('/1/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined);
}
