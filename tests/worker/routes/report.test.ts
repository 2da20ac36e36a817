// `POST /__report` while the analytics database fails: 503 with `retry-after` and the report
// handed back in the JSON body (nothing stored, nothing silently lost), search still answered, and
// the same report sent again once D1 is back is stored.

/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../worker/index.ts';
import type { Env } from '../../../worker/env.ts';
import { reportRows, resetAnalytics } from '../support/analytics.ts';
import { bindings, deployFixture } from '../support/deploy.ts';
import { origin } from '../support/requests.ts';
import { docSearchRequest, postSearch, results } from '../support/search.ts';

beforeAll(async () => {
  await deployFixture();
});
beforeEach(resetAnalytics);
afterEach(() => {
  vi.restoreAllMocks();
});

/** A D1 whose every statement fails as a locked database does. */
function lockedDatabase(): D1Database {
  const fail = () => Promise.reject(new Error('D1_ERROR: database is locked: SQLITE_BUSY'));
  const statement = { bind: () => statement, run: fail, all: fail, first: fail, raw: fail };
  return { prepare: () => statement, batch: fail, exec: fail } as unknown as D1Database;
}

async function report(form: string, env: Env, address: string) {
  const ctx = createExecutionContext();
  const request = new Request(`${origin}/__report`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': address },
    body: form,
    redirect: 'manual',
  });
  const response = await worker.fetch(request, env, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text };
}

describe('a report while the analytics database fails', () => {
  it('answers 503 with retry-after and hands the report back, and stores it when sent again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const down = { ...bindings, ANALYTICS: lockedDatabase() };
    const address = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    const form = 'q=Xylophone+Tuning&note=I+expected+a+page';

    const failed = await report(form, down, address);
    expect(failed.response.status).toBe(503);
    expect(Number(failed.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(failed.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(failed.response.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(failed.text)).toEqual({
      error: 'unavailable',
      message: expect.stringMatching(/send it again/),
      report: { q: 'Xylophone Tuning', note: 'I expected a page' },
    });
    expect(failed.text).not.toMatch(/SQLITE|D1_ERROR/);
    expect(logged).toHaveBeenCalled();

    // Search does not depend on D1.
    const search = await postSearch(docSearchRequest('setup'), { env: down });
    expect(search.response.status).toBe(200);
    expect(results(search)[0]!.nbHits).toBeGreaterThan(0);

    // What came back, sent again from the same address once D1 answers, is stored.
    const again = new URLSearchParams(JSON.parse(failed.text).report as Record<string, string>).toString();
    const stored = await report(again, bindings, address);
    expect(stored.response.status).toBe(303);
    expect(await reportRows()).toEqual([
      { day: new Date().toISOString().slice(0, 10), query: 'xylophone tuning', note: 'I expected a page' },
    ]);
  });
});
