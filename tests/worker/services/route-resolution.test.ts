// What answers besides a doc page: the 404 page, canonical-URL redirects, configured
// redirects and methods other than GET.

import { beforeEach, describe, expect, it } from 'vitest';
import { deployFixture, fixtureRedirects } from '../support/deploy.ts';
import { countElements, readDocument, textOf } from '../support/html.ts';
import { get, origin } from '../support/requests.ts';

beforeEach(async () => {
  await deployFixture();
});

/** Where a redirect sends the reader, as an absolute URL. */
function target(response: Response): string {
  const location = response.headers.get('location');
  expect(location, 'a redirect has a Location').not.toBeNull();
  return new URL(location!, origin).href;
}

describe('unknown paths', () => {
  it.each(['/does-not-exist', '/intro/extra', '/guides', '/REFERENCE/API'])(
    'answers %s with the 404 page and status 404',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      const doc = await readDocument(html);
      expect(await textOf(html, 'main h1')).toBe('Page Not Found');
      expect(doc.title).toBe('Page Not Found | Fixture Docs');
      expect(doc.boot.status).toBe(404);
      expect(doc.boot.page).toBeNull();
    },
  );

  it('keeps the layout on the 404 page: navbar, footer and a link home', async () => {
    const html = await (await get('/does-not-exist')).text();
    expect(await countElements(html, 'nav.navbar')).toBe(1);
    expect(await countElements(html, 'footer.footer')).toBe(1);
    expect(await countElements(html, 'main a[href="/"]')).toBe(1);
  });

  it('asks search engines not to index the 404 page and gives it no canonical URL', async () => {
    const doc = await readDocument(await (await get('/does-not-exist')).text());
    expect(doc.meta.robots).toBe('noindex');
    expect(doc.canonical).toBeNull();
  });

  it('never lets the edge or the browser cache a 404', async () => {
    const response = await get('/does-not-exist');
    await response.text();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toBeNull();
  });
});

describe('canonical URLs', () => {
  it.each(['/intro.html', '/intro/index.html', '/intro/', '/intro//'])(
    'redirects %s permanently to /intro',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(301);
      expect(target(response)).toBe(`${origin}/intro`);
    },
  );

  it.each([
    ['/%40evil.com/', '/%40evil.com'],
    ['/a%2Fb/', '/a%2Fb'],
    ['/what%3Fnext/?x=1', '/what%3Fnext?x=1'],
    ['/100%25/', '/100%25'],
  ])('redirects %s to %s, its reserved escapes as they came', async (path, location) => {
    const response = await get(path);
    await response.body?.cancel();
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(location);
  });

  it('keeps the query string through the redirect', async () => {
    const response = await get('/intro.html?tab=yarn&x=1');
    expect(response.status).toBe(301);
    expect(target(response)).toBe(`${origin}/intro?tab=yarn&x=1`);
  });

  it('redirects nested paths too', async () => {
    const response = await get('/guides/setup/index.html');
    expect(response.status).toBe(301);
    expect(target(response)).toBe(`${origin}/guides/setup`);
  });

  it('never redirects to another site when the path starts with two slashes', async () => {
    const response = await get('//evil.example/');
    expect(response.status).toBe(301);
    expect(new URL(target(response)).origin).toBe(origin);
  });

  it('redirects /index.html to / on a site with a home page', async () => {
    await deployFixture({ fixture: 'home-site' });
    const response = await get('/index.html');
    expect(response.status).toBe(301);
    expect(target(response)).toBe(`${origin}/`);
  });
});

describe('redirects from the manifest', () => {
  const redirects = Object.entries(fixtureRedirects());

  it('has the redirect of the page that was given a slug', () => {
    expect(redirects).toContainEqual(['/guides/advanced', '/guides/advanced-topics']);
  });

  it.each(redirects)('redirects %s permanently to %s', async (from, to) => {
    const response = await get(`${from}?ref=old`);
    expect(response.status).toBe(301);
    expect(target(response)).toBe(`${origin}${to}?ref=old`);
    const destination = await get(to);
    expect(destination.status).toBe(200);
    await destination.text();
  });

  it('goes straight to the new route from the old path with .html, in one hop', async () => {
    const response = await get('/guides/advanced.html');
    expect(response.status).toBe(301);
    expect(target(response)).toBe(`${origin}/guides/advanced-topics`);
  });
});

describe('methods other than GET', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])(
    'answers %s /intro with 405 JSON and the allowed methods',
    async (method) => {
      const response = await get('/intro', { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('allow')).toContain('GET');
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe('method_not_allowed');
      expect(body.message).toContain(method);
    },
  );

  it('answers POST to the page data endpoint with 405 too', async () => {
    const response = await get('/__data/abcdef123456/intro.json', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(((await response.json()) as { error: string }).error).toBe('method_not_allowed');
  });
});
