// `/__data/<build>/<route>.json`: a page's data for client-side navigation, immutable.

import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { readPageJson, StoreUnavailable } from '../services/content-store.ts';

export async function servePageData(c: Context<AppEnv>): Promise<Response> {
  const match = /^\/__data\/([a-f0-9]{6,64})(\/.*)\.json$/.exec(new URL(c.req.url).pathname);
  if (!match) return c.json({ error: 'not_found', message: 'Expected /__data/<build id>/<route>.json' }, 404);
  const [, buildId, name] = match as unknown as [string, string, string];
  let route: string;
  try {
    route = decodeURIComponent(name);
  } catch {
    return c.json({ error: 'bad_request', message: 'The route is not valid URL encoding' }, 400);
  }
  if (route === '/index') route = '/';
  let json: string | null;
  try {
    json = await readPageJson(c.env.CONTENT, buildId, route);
  } catch (error) {
    console.error('page data unavailable', error instanceof StoreUnavailable ? error.message : error);
    return c.json({ error: 'unavailable', message: 'The documentation store did not answer; try again.' }, 503, {
      'retry-after': '5',
      'cache-control': 'no-store',
    });
  }
  if (json === null) return c.json({ error: 'not_found', message: `No page ${route} in build ${buildId}` }, 404);
  return c.body(json, 200, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'public, max-age=31536000, immutable',
  });
}
