// `POST /__report`: the no-results screen's "Let us know" form (query + optional note). Works
// without JavaScript: a stored report answers with a redirect to the page's thank-you.
// Limited per client address (worker/services/rate-limit.ts) and per query and day (in D1).

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import * as z from 'zod/mini';
import type { AppEnv } from '../env.ts';
import { normaliseQuery } from '../services/analytics/normalise.ts';
import { writeReport } from '../services/analytics/store.ts';
import { readCappedForm } from '../services/request-body.ts';
import { enforceRateLimit, rateLimits } from '../services/rate-limit.ts';
import { describeIssue } from '../services/validation.ts';

const reportForm = z.object({
  q: z.string().check(z.trim(), z.minLength(1, 'the query is missing'), z.maxLength(1000)),
  note: z._default(z.string().check(z.trim(), z.maxLength(500, 'the note is longer than 500 characters')), ''),
});

/**
 * The largest valid form is a 1,000-character query and a 500-character note: percent-encoded,
 * nine bytes a character at most (three UTF-8 bytes, each `%XX`), about 13.5 KB with the names
 * and a multipart form's boundaries. Nothing a reader can type needs more.
 */
const maxBodyBytes = 16 * 1024;

/** Seconds a reader is asked to wait when the analytics database fails (a locked database frees within seconds). */
const storeRetrySeconds = 10;

export async function serveReport(c: Context<AppEnv>): Promise<Response> {
  const type = c.req.header('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
    throw new HTTPException(415, { message: 'Send the report as a form' });
  }
  const form = await readCappedForm(c.req.raw, maxBodyBytes);
  const parsed = reportForm.safeParse({ q: form.get('q') ?? undefined, note: form.get('note') ?? '' });
  if (!parsed.success) throw new HTTPException(400, { message: `Invalid report: ${describeIssue(parsed.error)}` });
  const query = normaliseQuery(parsed.data.q);
  if (!c.env.ANALYTICS) throw new HTTPException(404, { message: 'Reports are not collected on this site' });
  // Only a valid report spends one of the address's requests: the binding cannot give one back,
  // so one that D1 then fails to store still counts (the limit leaves room to send it again).
  await enforceRateLimit(c.env, c.req.raw, rateLimits.reports);
  let stored: boolean;
  try {
    stored = await writeReport(c.env.ANALYTICS, query, parsed.data.note);
  } catch (error) {
    // The report goes back to the sender, so that it is sent again rather than lost.
    console.error('reader report not stored: analytics database failed', error);
    throw new HTTPException(503, {
      res: Response.json(
        {
          error: 'unavailable',
          message: `The report could not be stored just now; send it again in ${storeRetrySeconds} seconds.`,
          report: { q: parsed.data.q, note: parsed.data.note },
        },
        { status: 503, headers: { 'retry-after': String(storeRetrySeconds), 'cache-control': 'no-store' } },
      ),
    });
  }
  if (!stored) throw new HTTPException(429, { message: 'This query has had enough reports today; thank you.' });
  return c.redirect(`/search?${new URLSearchParams({ q: parsed.data.q, reported: '1' }).toString()}`, 303);
}
