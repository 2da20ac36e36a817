// What went wrong, said the way a reader or a client should hear it: a status, a short code, a
// message that names no internals, and whether trying again can help.

import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { StoreUnavailable } from '../services/kv-reads.ts';
import { TooManyRequests } from '../services/rate-limit.ts';

export interface ErrorAnswer {
  status: ContentfulStatusCode;
  /** Machine-readable, for `{ error, message }` bodies. */
  code: string;
  message: string;
  /** Set when a retry can help (the store is usually back within seconds). */
  retryAfterSeconds?: number;
  /** What operators see in the log; client mistakes are not logged. */
  logAs?: string;
}

const storeRetrySeconds = 5;

const codes: Partial<Record<number, string>> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  500: 'internal_error',
  503: 'unavailable',
};

export function describeError(error: unknown): ErrorAnswer {
  if (error instanceof StoreUnavailable) {
    return {
      status: 503,
      code: 'unavailable',
      message: 'The documentation store did not answer; try again in a moment.',
      retryAfterSeconds: storeRetrySeconds,
      logAs: 'content store unavailable',
    };
  }
  if (error instanceof TooManyRequests) {
    return {
      status: 429,
      code: 'too_many_requests',
      message: error.message,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  if (error instanceof HTTPException && error.status < 500) {
    const status = error.status as ContentfulStatusCode;
    return { status, code: codes[status] ?? `http_${status}`, message: error.message || `HTTP ${status}` };
  }
  return {
    status: 500,
    code: 'internal_error',
    message: 'Something went wrong on our side.',
    logAs: 'unhandled error',
  };
}
