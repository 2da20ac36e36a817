// Algolia Insights events as the modal sends them (`POST /1/events`), checked before anything
// is counted: a body that is not a list of well-formed events is refused whole.

import { z } from 'zod';

const objectId = z.string().min(1).max(512);

const event = z
  .object({
    eventType: z.enum(['click', 'view', 'conversion']),
    eventName: z.string().min(1).max(64),
    index: z.string().min(1).max(256),
    userToken: z.string().regex(/^[A-Za-z0-9_=/+:-]{1,129}$/),
    queryID: z
      .string()
      // Ours (64 hex digits) or Algolia's followed by ours (96), checked by accepted-events.ts;
      // any other id (an older page's) is dropped there, not refused with the rest of the body.
      .regex(/^[0-9a-f]{16,128}$/)
      .optional(),
    objectIDs: z.array(objectId).min(1).max(20),
    positions: z.array(z.number().int().min(1).max(1000)).max(20).optional(),
    timestamp: z.number().int().nonnegative().optional(),
  })
  .strict()
  .refine((e) => e.eventType !== 'click' || !e.queryID || e.positions?.length === e.objectIDs.length, {
    message: 'a click after a search gives one position per objectID',
  });

export const insightsBody = z.object({ events: z.array(event).min(1).max(1000) }).strict();

export type InsightsEvent = z.infer<typeof event>;

/** The first problem, said with where it is (`events.0.positions: …`). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}
