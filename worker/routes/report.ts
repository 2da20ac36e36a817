// `POST /__report`: the no-results screen's "Let us know" form (query + optional note). Works
// without JavaScript: a stored report answers with a redirect to the page's thank-you.
// Rate-limited without knowing who asks: a token bucket per isolate, and a cap per query and day.

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { describeIssue } from '../services/analytics/events.ts';
import { normaliseQuery } from '../services/analytics/normalise.ts';
import { TokenBucket } from '../services/analytics/token-bucket.ts';
import { writeReport } from '../services/analytics/store.ts';

const reportForm = z.object({
  q: z.string().trim().min(1, 'the query is missing').max(1000),
  note: z.string().trim().max(500, 'the note is longer than 500 characters').default(''),
});

/** About one report a second per isolate, with bursts of ten. */
const bucket = new TokenBucket(10, 1);

export async function serveReport(c: Context<AppEnv>): Promise<Response> {
  const type = c.req.header('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
    throw new HTTPException(415, { message: 'Send the report as a form' });
  }
  const form = await c.req.parseBody();
  const parsed = reportForm.safeParse({ q: form.q, note: form.note ?? '' });
  if (!parsed.success) throw new HTTPException(400, { message: `Invalid report: ${describeIssue(parsed.error)}` });
  const query = normaliseQuery(parsed.data.q);
  if (!c.env.ANALYTICS) throw new HTTPException(404, { message: 'Reports are not collected on this site' });
  if (!bucket.take()) throw new HTTPException(429, { message: 'Too many reports just now; try again in a minute.' });
  const stored = await writeReport(c.env.ANALYTICS, query, parsed.data.note);
  if (!stored) throw new HTTPException(429, { message: 'This query has had enough reports today; thank you.' });
  return c.redirect(`/search?${new URLSearchParams({ q: parsed.data.q, reported: '1' }).toString()}`, 303);
}
