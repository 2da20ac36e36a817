// Requests per client address through the Workers Rate Limiting binding (`[[ratelimits]]` in
// wrangler.toml; Miniflare runs the same binding under `npm start` and the worker tests). The
// address is only the key handed to the binding: it is never stored or logged.

import { HTTPException } from 'hono/http-exception';
import type { Env } from '../env.ts';

/** Over a limit: the error handler answers 429 with `retry-after`, in the route's JSON shape. */
export class TooManyRequests extends HTTPException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, { message });
  }
}

export interface RateLimitRule {
  binding: 'RATE_LIMIT_SEARCH' | 'RATE_LIMIT_EVENTS' | 'RATE_LIMIT_REPORTS';
  /** wrangler.toml's `simple.limit` and `simple.period` of that binding. */
  limit: number;
  periodSeconds: 10 | 60;
  message: string;
}

/** Mirrors wrangler.toml (the binding does not tell its own figures); worker/README.md says why these. */
export const rateLimits = {
  search: {
    binding: 'RATE_LIMIT_SEARCH',
    limit: 100,
    periodSeconds: 10,
    message: 'Too many searches from this address; try again in a few seconds.',
  },
  events: {
    binding: 'RATE_LIMIT_EVENTS',
    limit: 100,
    periodSeconds: 10,
    message: 'Too many events from this address; try again in a few seconds.',
  },
  reports: {
    binding: 'RATE_LIMIT_REPORTS',
    limit: 5,
    periodSeconds: 60,
    message: 'Too many reports from this address; try again in a minute.',
  },
} as const satisfies Record<string, RateLimitRule>;

/**
 * The key of requests that come without `CF-Connecting-IP`. Cloudflare sets it on every request;
 * only local runs lack it (the worker tests' requests, a bare workerd), and they share this key.
 */
export const keyWithoutAddress = 'no-client-address';

/**
 * Spends one of the client's requests under `rule`; throws `TooManyRequests` when none is left.
 * Without the binding (a bare workerd such as the bench's) nothing is limited.
 */
export async function enforceRateLimit(env: Env, request: Request, rule: RateLimitRule): Promise<void> {
  const limiter = env[rule.binding];
  if (!limiter) return;
  const key = request.headers.get('cf-connecting-ip') || keyWithoutAddress;
  const { success } = await limiter.limit({ key });
  // The window is fixed, so the client can send again within one period at most.
  if (!success) throw new TooManyRequests(rule.message, rule.periodSeconds);
}
