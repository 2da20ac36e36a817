// One error path: whatever fails, each kind of route answers in the shape its clients read —
// a page for readers, `{ error, message }` for our JSON endpoints, Algolia's `{ message, status }`
// for the search endpoint — never cached, with retry-after when trying again can help, and
// without a trace of our internals.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageDataPath } from '../../../client/contract/urls.ts';
import type { Env } from '../../../worker/env.ts';
import { bindings, bindingsWithBug, deployFixture, failingKv, type DeployedBuild } from '../support/deploy.ts';
import { textOf } from '../support/html.ts';
import { getSettled } from '../support/requests.ts';
import { docSearchRequest, postSearch } from '../support/search.ts';

let build: DeployedBuild;
let logged: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  // deployFixture leaves the isolate remembering nothing, as a fresh isolate during an outage.
  build = await deployFixture();
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Format = 'html' | 'json' | 'algolia';

interface RouteClass {
  name: string;
  format: Format;
  call(env: Env): Promise<{ response: Response; body: string }>;
}

const routeClasses: RouteClass[] = [
  { name: 'a doc page', format: 'html', call: (env) => getSettled('/intro', {}, env) },
  { name: 'the search page', format: 'html', call: (env) => getSettled('/search?q=setup', {}, env) },
  {
    name: 'page data (/__data)',
    format: 'json',
    call: (env) => getSettled(pageDataPath(build.buildId, '/intro'), {}, env),
  },
  {
    name: 'the search page’s JSON (/__search)',
    format: 'json',
    call: (env) => getSettled('/__search?q=setup', {}, env),
  },
  {
    name: 'the search endpoint (POST /1/indexes/*/queries)',
    format: 'algolia',
    call: (env) => postSearch(docSearchRequest('setup'), { env }),
  },
];

const contentTypes: Record<Format, RegExp> = {
  html: /^text\/html; charset=utf-8$/,
  json: /^application\/json\b/,
  algolia: /^application\/json\b/,
};

/** What a reader must never see: stack frames, error class names, our file names, KV keys. */
function expectNoInternals(body: string): void {
  expect(body).not.toMatch(/\bat .+:\d+:\d+/);
  expect(body).not.toMatch(/StoreUnavailable|TypeError|Error:|\.tsx?\b|b:[0-9a-f]{12}:|simulated outage|reading 'get'/);
}

describe.each(routeClasses)('$name', ({ format, call }) => {
  it('answers 503 in its own shape while KV fails, says when to retry and is never cached', async () => {
    const { response, body } = await call({ ...bindings, CONTENT: failingKv() });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(contentTypes[format]);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectNoInternals(body);
    if (format === 'html') {
      expect(await textOf(body, 'h1')).toBe('This page is not available right now');
      expect(await textOf(body, 'form[method="get"] button[type="submit"]')).toBe('Retry');
    } else if (format === 'json') {
      expect(JSON.parse(body)).toEqual({ error: 'unavailable', message: expect.any(String) });
    } else {
      expect(JSON.parse(body)).toEqual({ message: expect.any(String), status: 503 });
    }
    expect(logged).toHaveBeenCalled();
  });

  it('answers 500 in its own shape to a bug, with a generic message, logged and never cached', async () => {
    const { response, body } = await call(bindingsWithBug());
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(contentTypes[format]);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectNoInternals(body);
    if (format === 'html') {
      expect(await textOf(body, 'h1')).toBe('Something went wrong on our side');
    } else if (format === 'json') {
      expect(JSON.parse(body)).toEqual({ error: 'internal_error', message: 'Something went wrong on our side.' });
    } else {
      expect(JSON.parse(body)).toEqual({ message: 'Something went wrong on our side.', status: 500 });
    }
    expect(logged).toHaveBeenCalledWith(expect.any(String), expect.any(TypeError));
  });
});
