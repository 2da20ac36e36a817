// `POST /1/events`: the Algolia Insights path, same-origin. Clicks after a search (with their
// positions) and views are counted in D1, and forwarded to Algolia Insights when Algolia is set.

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, Env } from '../env.ts';
import { describeIssue, insightsBody, type InsightsEvent } from '../services/analytics/events.ts';
import { splitQueryId } from '../services/analytics/normalise.ts';
import { countInsight, flushAnalytics } from '../services/analytics/recorder.ts';
import { algoliaConfigured } from '../services/search/upstream.ts';
import { readCappedText } from '../services/request-body.ts';
import { enforceRateLimit, rateLimits } from '../services/rate-limit.ts';

const maxBodyBytes = 64 * 1024;

export async function serveEvents(c: Context<AppEnv>): Promise<Response> {
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

  for (const event of parsed.data.events) count(event);
  flushAnalytics(c.env, c.executionCtx);
  const forAlgolia = algoliaEvents(parsed.data.events);
  if (algoliaConfigured(c.env) && forAlgolia.length) c.executionCtx.waitUntil(forward(c.env, forAlgolia));
  return c.json({ status: 200, message: 'OK' }, 200, { 'cache-control': 'no-store' });
}

function count(event: InsightsEvent): void {
  if (!event.queryID) return;
  const { ours } = splitQueryId(event.queryID);
  if (event.eventType === 'click') {
    const positions = event.positions ?? [];
    countInsight(ours, { clicks: positions.length, positionSum: positions.reduce((a, b) => a + b, 0) });
  } else if (event.eventType === 'view') countInsight(ours, { views: 1 });
}

/**
 * The events as Algolia should see them: its own queryID, or none where our index answered
 * (Algolia never issued that id, and would refuse the event).
 */
function algoliaEvents(events: InsightsEvent[]): InsightsEvent[] {
  return events.flatMap((event) => {
    if (!event.queryID) return [event];
    const { algolia } = splitQueryId(event.queryID);
    return algolia ? [{ ...event, queryID: algolia }] : [];
  });
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
