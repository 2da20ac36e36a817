// A Docusaurus site's `static/_redirects` in Netlify's syntax (tests/fixtures/docusaurus-redirects),
// built and served: plain moves, splats, placeholders, query conditions, rewrites, forced rules,
// the old domain and a section's own not-found page.

/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { exports } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { deployFixture, type DeployedBuild } from '../support/deploy.ts';
import { readDocument, textOf } from '../support/html.ts';
import { get, origin } from '../support/requests.ts';

let build: DeployedBuild;

beforeEach(async () => {
  build = await deployFixture({ fixture: 'docusaurus-redirects' });
});

async function redirectOf(path: string): Promise<{ status: number; location: string | null }> {
  const response = await get(path);
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get('location') };
}

describe('plain rules', () => {
  it.each([
    ['/getting-started', 301, '/docs/intro'],
    ['/old-install', 302, '/docs/guides/install'],
    ['/temporary', 307, '/docs/guides/configure'],
    ['/moved-for-good', 308, '/docs/reference/api'],
    ['/no-status', 301, '/docs/intro'],
    ['/getting-started/', 301, '/docs/intro'],
  ])('answers %s with %i to %s', async (path, status, location) => {
    expect(await redirectOf(path)).toEqual({ status, location });
  });

  it('keeps the query string through a rule', async () => {
    expect((await redirectOf('/old-install?ref=mail')).location).toBe('/docs/guides/install?ref=mail');
  });

  it('lets a forced rule (301!) win over the page at its path', async () => {
    expect(await redirectOf('/docs/deprecated')).toEqual({ status: 301, location: '/docs/intro' });
  });
});

describe('splats, placeholders and query conditions', () => {
  it('moves a whole section with its splat', async () => {
    expect(await redirectOf('/v1/guides/install')).toEqual({ status: 301, location: '/docs/guides/install' });
  });

  it('fills placeholders from the path', async () => {
    expect(await redirectOf('/blog/2021/04/configure')).toEqual({ status: 301, location: '/docs/guides/configure' });
  });

  it('binds a query parameter and escapes it into the target', async () => {
    expect(await redirectOf('/lookup?term=a%26b%20c')).toEqual({ status: 302, location: '/search?q=a%26b%20c' });
  });

  it('does not apply a query rule when the parameter is missing', async () => {
    expect((await redirectOf('/lookup')).status).toBe(404);
  });

  it.each([
    ['/v1/%40evil.com/x', '/docs/%40evil.com/x'],
    ['/v1/a%2Fb', '/docs/a%2Fb'],
    ['/v1/what%3Fnext', '/docs/what%3Fnext'],
    ['/v1/100%25', '/docs/100%25'],
    ['/v1/caf%C3%A9', '/docs/caf%C3%A9'],
  ])('carries the escapes of %s into the splat once', async (path, location) => {
    expect(await redirectOf(path)).toEqual({ status: 301, location });
  });

  it('never sends a reader to another site through a splat', async () => {
    for (const path of ['/v1//evil.example/x', '/v1/%5Cevil.example/x', '/v1/%2F%2Fevil.example']) {
      const { location } = await redirectOf(path);
      expect(new URL(location!, origin).origin, path).toBe(origin);
    }
  });
});

describe('rewrites (200) and not-found pages (404)', () => {
  it('serves another route under the old address, with that page as canonical', async () => {
    const response = await get('/api');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(await textOf(html, 'main h1')).toBe('API');
    expect((await readDocument(html)).canonical).toBe('https://docs.example.test/docs/reference/api');
  });

  it('serves a splat rewrite from its route', async () => {
    const response = await get('/legacy/anything/at/all');
    expect(response.status).toBe(200);
    expect(await textOf(await response.text(), 'main h1')).toBe('Install');
  });

  it('answers an unknown guide with the section’s own not-found page and status 404', async () => {
    const response = await get('/docs/guides/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(await textOf(html, 'main h1')).toBe('Not in the guides');
    expect((await readDocument(html)).meta.robots).toMatch(/^noindex/);
  });

  it('still serves the pages the not-found rule covers', async () => {
    expect((await get('/docs/guides/install')).status).toBe(200);
  });

  it('answers elsewhere with the engine’s own not-found page', async () => {
    const response = await get('/nowhere/at/all');
    expect(response.status).toBe(404);
    expect(await textOf(await response.text(), 'main h1')).toBe('Page Not Found');
  });
});

describe('rules for the old domain', () => {
  const runtime = (exports as unknown as { default: Fetcher }).default;

  it('sends every path of the old host to the new one', async () => {
    const response = await runtime.fetch(
      new Request('https://old.docs.example.test/guides/install?x=1', { redirect: 'manual' }),
    );
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('https://docs.example.test/docs/guides/install?x=1');
  });

  it('leaves the same path on the site’s own host alone', async () => {
    expect((await get('/docs/intro')).status).toBe(200);
  });
});

describe('language and country conditions', () => {
  const runtime = (exports as unknown as { default: Fetcher }).default;

  it.each([
    ['fr-FR,fr;q=0.9,en;q=0.5', '/docs/guides/install'],
    ['en;q=0.4,de;q=0.8', '/docs/guides/install'],
    ['en-GB,en;q=0.9', '/docs/intro'],
    ['', '/docs/intro'],
  ])('sends a reader whose Accept-Language is "%s" to %s', async (language, location) => {
    const response = await get('/start', { headers: language ? { 'accept-language': language } : {} });
    await response.body?.cancel();
    expect([response.status, response.headers.get('location')]).toEqual([302, location]);
  });

  it('says that its answers vary with the reader’s language', async () => {
    for (const path of ['/start', '/docs/intro']) {
      const response = await get(path);
      await response.body?.cancel();
      expect(response.headers.get('vary'), path).toMatch(/Accept-Language/);
    }
  });

  it('applies a country rule to readers from those countries only', async () => {
    const from = async (country?: string) => {
      const init: RequestInit = { redirect: 'manual', ...(country ? { cf: { country } } : {}) };
      const response = await runtime.fetch(new Request(`${origin}/eu/guides/install`, init));
      await response.body?.cancel();
      return [response.status, response.headers.get('location')];
    };
    expect(await from('DE')).toEqual([302, '/docs/guides/install']);
    expect(await from('US')).toEqual([404, null]);
    expect(await from()).toEqual([404, null]);
  });
});

describe('lines the worker cannot apply', () => {
  it.each(['/admin/users', '/proxy/users', '/gone', '/broken'])(
    'leaves %s to the not-found page (the build warned about its line)',
    async (path) => {
      expect((await redirectOf(path)).status).toBe(404);
    },
  );

  it('carries only the pattern rules in the manifest, in file order', () => {
    expect(build.manifest.redirects?.map((rule) => rule.line)).toEqual([9, 10, 12, 16, 22, 25, 26, 27, 36]);
  });
});
