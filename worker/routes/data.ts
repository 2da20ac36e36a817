// `/__data/<build>/<route>.json`: a page's data for client-side navigation, immutable.

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env.ts';
import { readPageJson } from '../services/content-store.ts';

export async function servePageData(c: Context<AppEnv>): Promise<Response> {
  const match = /^\/__data\/([a-f0-9]{6,64})(\/.*)\.json$/.exec(new URL(c.req.url).pathname);
  if (!match) throw new HTTPException(404, { message: 'Expected /__data/<build id>/<route>.json' });
  const [, buildId, name] = match as unknown as [string, string, string];
  let route: string;
  try {
    route = decodeURIComponent(name);
  } catch {
    throw new HTTPException(400, { message: 'The route is not valid URL encoding' });
  }
  if (route === '/index') route = '/';
  const json = await readPageJson(c.env.CONTENT, buildId, route);
  if (json === null) throw new HTTPException(404, { message: `No page ${route} in build ${buildId}` });
  return c.body(json, 200, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'public, max-age=31536000, immutable',
  });
}
