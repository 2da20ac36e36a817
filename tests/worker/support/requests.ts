// Two ways into the worker: through the runtime like a browser (`exports.default.fetch`),
// or straight into the handler with an execution context we can wait on, so the edge-cache
// writes it schedules with `waitUntil` are done before the next request.
//
// Each request comes from an address of its own unless the test names one, as readers do: the
// files share one runtime, whose rate limits count requests per address, so requests without one
// would share a count and a fast run of the project would be answered 429.

/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import worker from '../../../worker/index.ts';
import type { Env } from '../../../worker/env.ts';
import { bindings } from './deploy.ts';

export const origin = 'https://docs.example.test';

export interface RequestOptions {
  method?: string;
  /** Cookie header value, e.g. `theme=light`. */
  cookie?: string;
  headers?: Record<string, string>;
}

/** An address from the documentation range (2001:db8::/32) that no other request sends from. */
export function freshAddress(): string {
  const hex = crypto.randomUUID().replace(/-/g, '');
  return `2001:db8:${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}::${hex.slice(12, 16)}`;
}

/** `headers` from a fresh address when they name none. */
export function fromAddress(headers: Headers): Headers {
  if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', freshAddress());
  return headers;
}

export function buildRequest(path: string, options: RequestOptions = {}): Request {
  const headers = fromAddress(new Headers(options.headers));
  if (options.cookie) headers.set('cookie', options.cookie);
  // `origin + path`, not `new URL(path, origin)`: a path like `//host/` must stay a path.
  return new Request(`${origin}${path}`, { method: options.method ?? 'GET', headers, redirect: 'manual' });
}

const runtime = (exports as unknown as { default: Fetcher }).default;

/** A request through the runtime, as a reader's browser sends it. Redirects are not followed. */
export function get(path: string, options: RequestOptions = {}): Promise<Response> {
  return runtime.fetch(buildRequest(path, options));
}

export interface SettledResponse {
  response: Response;
  body: string;
}

/** A request straight to the worker's handler that returns once its background work is done. */
export async function getSettled(
  path: string,
  options: RequestOptions = {},
  env: Env = bindings,
): Promise<SettledResponse> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(buildRequest(path, options), env, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body };
}

/**
 * A POST (a GET when there is no body) straight to the worker's handler, as `getSettled`: `body`
 * sent as `contentType`, redirects not followed.
 */
export async function postSettled(
  path: string,
  body: string | undefined,
  contentType: string,
  headers: Record<string, string> = {},
  env: Env = bindings,
): Promise<{ response: Response; text: string }> {
  const ctx = createExecutionContext();
  const request = new Request(`${origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: fromAddress(new Headers({ 'content-type': contentType, ...headers })),
    body,
    redirect: 'manual',
  });
  const response = await worker.fetch(request, env, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text };
}
