// Which Insights events count: only those naming a search this worker signed, at a position that
// search showed, each (search, position) once. What passes is counted in D1 and, for answers
// from Algolia, forwarded to Algolia Insights with Algolia's own queryID.

import type { InsightsEvent } from './events.ts';
import { dayOf } from './normalise.ts';
import { verifyQueryId, type SignedQueryId } from './query-id.ts';
import type { CountedEvent } from './store.ts';

/**
 * (search, position) pairs this isolate has accepted lately, oldest first: a repeat sent again
 * to the same isolate is dropped before D1 is asked, and is not forwarded to Algolia twice. D1's
 * own table (`counted_events`) is what holds across isolates.
 */
const recentlySeen = new Set<string>();
const maxRecentlySeen = 5000;

function firstTime(key: string, inRequest: Set<string>): boolean {
  if (inRequest.has(key) || recentlySeen.has(key)) return false;
  inRequest.add(key);
  return true;
}

function remember(keys: Set<string>): void {
  for (const key of keys) {
    recentlySeen.add(key);
    if (recentlySeen.size > maxRecentlySeen) recentlySeen.delete(recentlySeen.values().next().value!);
  }
}

/**
 * Distinct queryIDs one request may name: each costs an HMAC to check. The modal sends about 20 at
 * a time (one view per search, a click); events naming further ids are dropped.
 */
export const maxSearchesPerRequest = 128;

export interface AcceptedEvents {
  /** Clicks and views to add to D1. */
  counted: CountedEvent[];
  /** Events for Algolia Insights, with Algolia's queryID. */
  forAlgolia: InsightsEvent[];
  /** Events (or clicks within one) dropped: unsigned, expired, out of range or repeated. */
  dropped: number;
}

/** Splits a request's events into what counts and what is dropped; see the file comment. */
export async function acceptEvents(secret: string, events: InsightsEvent[], now = Date.now()): Promise<AcceptedEvents> {
  const verified = new Map<string, Promise<SignedQueryId | undefined>>();
  const inRequest = new Set<string>();
  const accepted: AcceptedEvents = { counted: [], forAlgolia: [], dropped: 0 };
  for (const event of events) {
    const id = event.queryID;
    if (!id || event.eventType === 'conversion') {
      // The site sends neither: nothing ties them to a search this worker answered.
      accepted.dropped += 1;
      continue;
    }
    if (!verified.has(id) && verified.size < maxSearchesPerRequest) verified.set(id, verifyQueryId(secret, id, now));
    const search = await verified.get(id);
    if (!search) {
      accepted.dropped += 1;
      continue;
    }
    const base = { search: search.search, day: dayOf(search.dayNumber * 86_400_000), queryId: search.queryHash };
    if (event.eventType === 'view') {
      if (event.objectIDs.length > search.hits || !firstTime(`${search.search}:0`, inRequest)) {
        accepted.dropped += 1;
        continue;
      }
      accepted.counted.push({ ...base, position: 0 });
      if (search.algolia) accepted.forAlgolia.push({ ...event, queryID: search.algolia });
      continue;
    }
    const objectIDs: string[] = [];
    const positions: number[] = [];
    (event.positions ?? []).forEach((position, i) => {
      if (position <= search.hits && firstTime(`${search.search}:${position}`, inRequest)) {
        objectIDs.push(event.objectIDs[i]!);
        positions.push(position);
        accepted.counted.push({ ...base, position });
      } else accepted.dropped += 1;
    });
    if (search.algolia && positions.length)
      accepted.forAlgolia.push({ ...event, queryID: search.algolia, objectIDs, positions });
  }
  remember(inRequest);
  return accepted;
}

/** Empties this isolate's memory of accepted events, as a new isolate starts (for tests). */
export function forgetSeenEvents(): void {
  recentlySeen.clear();
}
