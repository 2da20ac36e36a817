// `POST /1/events`: the Algolia Insights path, same-origin. Clicks after a search (with their
// positions) and views are counted in D1, and forwarded to Algolia Insights when Algolia is set,
// only when their queryID is one this worker signed (services/analytics/accepted-events.ts).

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, Env } from '../env.ts';
import { insightsBody, type InsightsEvent } from '../services/analytics/events.ts';
import { acceptEvents } from '../services/analytics/accepted-events.ts';
import { queryIdSecret } from '../services/analytics/query-id.ts';
import { countEvent, flushAnalytics } from '../services/analytics/recorder.ts';
import { algoliaConfigured } from '../services/search/upstream.ts';
import { readCappedText } from '../services/request-body.ts';
import { enforceRateLimit, rateLimits } from '../services/rate-limit.ts';
import { describeIssue } from '../services/validation.ts';

const maxBodyBytes = 64 * 1024;

export async function serveEvents(c: Context<AppEnv>): Promise<Response> {
  refuseCrossSite(c);
  await enforceRateLimit(c.env, c.req.raw, rateLimits.events);
  if (!/^(application\/json|text\/plain)/i.test(c.req.header('content-type') ?? 'application/json')) {
    throw new HTTPException(415, { message: 'Send the events as JSON' });
  }
  const text = await readCappedText(c.req.raw, maxBodyBytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HTTPException(400, { message: 'The body is not JSON' });
  }
  const parsed = insightsBody.safeParse(json);
  if (!parsed.success) throw new HTTPException(400, { message: `Invalid events: ${describeIssue(parsed.error)}` });

  const secret = queryIdSecret(c.env);
  // Without the secret no answer carries a queryID, so nothing here can be checked: nothing counts.
  if (secret) {
    const { counted, forAlgolia } = await acceptEvents(secret, parsed.data.events);
    if (c.env.ANALYTICS) {
      for (const event of counted) countEvent(c.env, event);
      flushAnalytics(c.env, c.executionCtx);
    }
    if (algoliaConfigured(c.env) && forAlgolia.length) c.executionCtx.waitUntil(forward(c.env, forAlgolia));
  }
  return c.json({ status: 200, message: 'OK' }, 200, { 'cache-control': 'no-store' });
}

/**
 * Events come from the site's own pages, same-origin: a browser on another site (a form or a
 * `text/plain` fetch, which needs no preflight) is refused. Clients that send no Origin are not
 * browsers on another site, and can only name searches they were answered anyway.
 */
function refuseCrossSite(c: Context<AppEnv>): void {
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  if ((origin && origin !== new URL(c.req.url).origin) || (site && site !== 'same-origin' && site !== 'none')) {
    throw new HTTPException(403, { message: 'Events are accepted from this site’s own pages only' });
  }
}

/** Algolia learns from the same events (Click Analytics, Recommend); a failure there is only logged. */
async function forward(env: Env, events: InsightsEvent[]): Promise<void> {
  try {
    const response = await fetch(`${env.ALGOLIA_INSIGHTS_HOST ?? 'https://insights.algolia.io'}/1/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-algolia-application-id': env.ALGOLIA_APP_ID!,
        'x-algolia-api-key': env.ALGOLIA_SEARCH_API_KEY!,
      },
      body: JSON.stringify({ events }),
    });
    if (!response.ok) console.error(`Algolia Insights answered ${response.status}`);
  } catch (error) {
    console.error('Algolia Insights unreachable', error);
  }
}
