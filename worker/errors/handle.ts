// The one place where errors become responses (`app.onError`). Routes throw: `StoreUnavailable`
// when KV fails, Hono's `HTTPException` (or a subclass) for a bad request, anything else is a
// bug. The route decides the shape: programs get JSON — the search endpoint Algolia's
// `{ message, status }`, our own endpoints `{ error, message }` — and readers get a page.

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env.ts';
import { describeError } from './describe.ts';
import { errorPage } from './error-pages.ts';

export type ErrorFormat = 'html' | 'json' | 'algolia' | 'text';

export function errorFormat(path: string): ErrorFormat {
  if (path.startsWith('/1/')) return 'algolia';
  // `POST /__report` refuses in JSON like the other POST endpoints.
  if (path.startsWith('/__data/') || path === '/__search' || path === '/__report') return 'json';
  // The Markdown views are read by programs that want text, not an HTML error page.
  if (path.endsWith('.md') || path === '/llms.txt' || path === '/llms-full.txt') return 'text';
  return 'html';
}

export async function handleError(error: Error, c: Context<AppEnv>): Promise<Response> {
  // A route that built its own answer (Hono's `new HTTPException(status, { res })`) keeps it.
  if (error instanceof HTTPException && error.res) return error.getResponse();
  const answer = describeError(error);
  if (answer.logAs) console.error(answer.logAs, error);
  // No error answer is worth keeping: the next request may well succeed.
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (answer.retryAfterSeconds) headers['retry-after'] = String(answer.retryAfterSeconds);
  switch (errorFormat(new URL(c.req.url).pathname)) {
    case 'algolia':
      return c.json({ message: answer.message, status: answer.status }, answer.status, headers);
    case 'json':
      return c.json({ error: answer.code, message: answer.message }, answer.status, headers);
    case 'text':
      return c.body(`${answer.message}\n`, answer.status, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    case 'html':
      return c.body(await errorPage(c, answer), answer.status, {
        ...headers,
        'content-type': 'text/html; charset=utf-8',
      });
  }
}
