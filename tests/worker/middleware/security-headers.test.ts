// Every kind of worker response carries the security headers: pages, data, 404, 503, 405.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageDataPath } from '../../../client/contract/urls.ts';
import { deployFixture, failingKv, pointTo } from '../support/deploy.ts';
import { cspDirectives } from '../support/html.ts';
import { get, getSettled } from '../support/requests.ts';

beforeEach(() => {
  // The 503 scenarios make the worker log the failure; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const responses: [string, number, () => Promise<Response>][] = [
  ['a doc page', 200, async () => (await deployFixture(), get('/intro'))],
  [
    'a cached doc page',
    200,
    async () => {
      await deployFixture();
      await getSettled('/reference/api');
      const response = await get('/reference/api');
      expect(response.headers.get('x-html-cache')).toBe('hit');
      return response;
    },
  ],
  ['page data', 200, async () => get(pageDataPath((await deployFixture()).buildId, '/intro'))],
  ['unknown page data', 404, async () => get(pageDataPath((await deployFixture()).buildId, '/nowhere'))],
  ['the 404 page', 404, async () => (await deployFixture(), get('/nowhere'))],
  // The route is known, so the head's start left with a 200 before the page's read failed.
  [
    'the 503 page with the layout, after the head’s start',
    200,
    async () => (await deployFixture({ omit: ['pages'] }), get('/intro')),
  ],
  ['the bare 503 page when no build can be read', 503, async () => (await pointTo(null), get('/intro'))],
  [
    'the 503 page when KV fails',
    503,
    async () => (await pointTo(null), (await getSettled('/intro', {}, { CONTENT: failingKv() })).response),
  ],
  ['a redirect', 301, async () => (await deployFixture(), get('/intro/'))],
  ['a 405 for POST', 405, async () => (await deployFixture(), get('/intro', { method: 'POST' }))],
];

describe.each(responses)('security headers on %s', (_, status, respond) => {
  it('forbids inline scripts and framing in the CSP', async () => {
    const response = await respond();
    expect(response.status).toBe(status);
    const csp = cspDirectives(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    const scriptSrc = csp.get('script-src');
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('sets HSTS, nosniff, a referrer policy, a permissions policy and denies framing', async () => {
    const response = await respond();
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const permissions = response.headers.get('permissions-policy') ?? '';
    expect(permissions).toContain('camera=()');
    expect(permissions).toContain('microphone=()');
    expect(permissions).toContain('geolocation=()');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});
