// Links to pages as a site spells them: with `trailingSlash: true`, `/docs/intro/`.

import { describe, expect, it } from 'vitest';
import { pageHref, pagePath } from '../../../../client/contract/urls.ts';

describe('pageHref', () => {
  it('adds the slash to a page path, before its query and fragment', () => {
    expect(pageHref('/docs/intro', true)).toBe('/docs/intro/');
    expect(pageHref('/docs/intro#setup', true)).toBe('/docs/intro/#setup');
    expect(pageHref('/docs/intro?tab=npm#setup', true)).toBe('/docs/intro/?tab=npm#setup');
    expect(pageHref('/docs/intro/', true)).toBe('/docs/intro/');
  });

  it('leaves alone what is not a page path of the site', () => {
    for (const href of ['/', '/#top', '#top', 'https://example.test/a', '//example.test/a', 'mailto:a@b.test', 'other'])
      expect(pageHref(href, true)).toBe(href);
    for (const href of ['/files/guide.pdf', '/docs/intro.md', '/search', '/search?q=a', '/assets/x', '/__data/x'])
      expect(pageHref(href, true)).toBe(href);
  });

  it('changes nothing unless the site asks for the slash', () => {
    expect(pageHref('/docs/intro', undefined)).toBe('/docs/intro');
    expect(pageHref('/docs/intro', false)).toBe('/docs/intro');
    expect(pagePath('/docs/intro', false)).toBe('/docs/intro');
  });
});
