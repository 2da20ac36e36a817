// Algolia Insights events as the modal sends them (`POST /1/events`), checked before anything
// is counted: a body that is not a list of well-formed events is refused whole.

import * as z from 'zod/mini';

const objectId = z.string().check(z.minLength(1), z.maxLength(512));

const event = z
  .strictObject({
    eventType: z.enum(['click', 'view', 'conversion']),
    eventName: z.string().check(z.minLength(1), z.maxLength(64)),
    index: z.string().check(z.minLength(1), z.maxLength(256)),
    userToken: z.string().check(z.regex(/^[A-Za-z0-9_=/+:-]{1,129}$/)),
    // Ours (64 hex digits) or Algolia's followed by ours (96), checked by accepted-events.ts;
    // any other id (an older page's) is dropped there, not refused with the rest of the body.
    queryID: z.optional(z.string().check(z.regex(/^[0-9a-f]{16,128}$/))),
    objectIDs: z.array(objectId).check(z.minLength(1), z.maxLength(20)),
    positions: z.optional(z.array(z.int().check(z.minimum(1), z.maximum(1000))).check(z.maxLength(20))),
    timestamp: z.optional(z.int().check(z.nonnegative())),
  })
  .check(
    z.refine((e) => e.eventType !== 'click' || !e.queryID || e.positions?.length === e.objectIDs.length, {
      message: 'a click after a search gives one position per objectID',
    }),
  );

export const insightsBody = z.strictObject({ events: z.array(event).check(z.minLength(1), z.maxLength(1000)) });

export type InsightsEvent = z.infer<typeof event>;
