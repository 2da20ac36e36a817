// Canonical URLs: every spelling of a route answers 301 to one path, and old paths redirect.

import { describe, expect, it } from 'vitest';
import { canonicalForm, decidePath } from '../../../../worker/services/paths.ts';

const redirects: Record<string, string> = { '/old-page': '/guides/new-page', '/moved/deep': '/here' };

/** As the worker decides: the canonical form, then the build's route table (here a plain map). */
function canonicalPath(pathname: string, table: Record<string, string>) {
  const form = canonicalForm(pathname);
  return decidePath(form, table[form.path]);
}

describe('canonicalPath', () => {
  it('serves a canonical path as it is', () => {
    expect(canonicalPath('/guides/setup', redirects)).toEqual({ kind: 'route', path: '/guides/setup' });
    expect(canonicalPath('/', redirects)).toEqual({ kind: 'route', path: '/' });
  });

  it('redirects /x.html to /x', () => {
    expect(canonicalPath('/guides/setup.html', redirects)).toEqual({ kind: 'redirect', location: '/guides/setup' });
  });

  it('redirects /x/index.html and /index.html to the folder route', () => {
    expect(canonicalPath('/guides/index.html', redirects)).toEqual({ kind: 'redirect', location: '/guides' });
    expect(canonicalPath('/index.html', redirects)).toEqual({ kind: 'redirect', location: '/' });
  });

  it('redirects a trailing slash away', () => {
    expect(canonicalPath('/guides/setup/', redirects)).toEqual({ kind: 'redirect', location: '/guides/setup' });
    expect(canonicalPath('/guides///', redirects)).toEqual({ kind: 'redirect', location: '/guides' });
  });

  it('collapses doubled slashes, so //x cannot become a protocol-relative redirect', () => {
    expect(canonicalPath('//evil.example/x', redirects)).toEqual({ kind: 'redirect', location: '/evil.example/x' });
    expect(canonicalPath('/guides//setup', redirects)).toEqual({ kind: 'redirect', location: '/guides/setup' });
  });

  it('redirects configured old paths, in any of their spellings', () => {
    expect(canonicalPath('/old-page', redirects)).toEqual({ kind: 'redirect', location: '/guides/new-page' });
    expect(canonicalPath('/old-page/', redirects)).toEqual({ kind: 'redirect', location: '/guides/new-page' });
    expect(canonicalPath('/moved/deep.html', redirects)).toEqual({ kind: 'redirect', location: '/here' });
  });

  it('matches percent-encoded paths by their decoded form and re-encodes the location', () => {
    expect(canonicalPath('/caf%C3%A9', redirects)).toEqual({ kind: 'route', path: '/café' });
    expect(canonicalPath('/caf%C3%A9/', redirects)).toEqual({ kind: 'redirect', location: '/caf%C3%A9' });
  });

  it('keeps a malformed escape as written, to be a 404, without throwing', () => {
    expect(canonicalPath('/bad%E0%A4%A', redirects)).toEqual({ kind: 'route', path: '/bad%E0%A4%A' });
  });

  it.each([
    ['/%40evil.com/', '/%40evil.com'],
    ['/a%2Fb/', '/a%2Fb'],
    ['/what%3Fnext/', '/what%3Fnext'],
    ['/tag%23one/', '/tag%23one'],
    ['/a%26b%3Dc%2Bd/', '/a%26b%3Dc%2Bd'],
    ['/100%25/', '/100%25'],
    ['/%2540twice/', '/%2540twice'],
    ['/caf%C3%A9%40home/', '/caf%C3%A9%40home'],
    ['/x%40y.html', '/x%40y'],
  ])('keeps the reserved escapes of %s as they came in its redirect', (pathname, location) => {
    expect(canonicalPath(pathname, redirects)).toEqual({ kind: 'redirect', location });
  });

  it('looks a path with an escaped reserved character up as decodeURI leaves it', () => {
    expect(canonicalForm('/a%2Fb').path).toBe('/a%2Fb');
    expect(canonicalForm('/100%25').path).toBe('/100%');
    expect(canonicalForm('/%40x').exact).toBe(true);
  });
});

describe('canonicalForm on a site with trailingSlash: true', () => {
  it('takes /x/ as the canonical spelling, looked up as the route /x', () => {
    expect(canonicalForm('/guides/setup/', true)).toMatchObject({ path: '/guides/setup', exact: true });
    for (const path of ['/guides/setup', '/guides/setup.html', '/guides/setup/index.html', '/guides//setup'])
      expect(canonicalForm(path, true)).toMatchObject({
        path: '/guides/setup',
        exact: false,
        location: '/guides/setup/',
      });
  });

  it('keeps one spelling for the home page, the search page and paths with a dot in their last segment', () => {
    expect(canonicalForm('/', true)).toMatchObject({ path: '/', exact: true });
    expect(canonicalForm('/index.html', true)).toMatchObject({ path: '/', location: '/' });
    expect(canonicalForm('/search', true)).toMatchObject({ exact: true });
    expect(canonicalForm('/img/logo.png', true)).toMatchObject({ exact: true });
    expect(canonicalForm('/docs/1.0/', true)).toMatchObject({ exact: false, location: '/docs/1.0' });
  });

  it('keeps reserved escapes through the slash', () => {
    expect(canonicalForm('/a%2Fb', true)).toMatchObject({ exact: false, location: '/a%2Fb/', spelled: '/a%2Fb' });
  });
});
