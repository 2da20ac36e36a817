// sitemap.xml and robots.txt as crawlers read them.

import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from '../../../../../scripts/compiler/outputs/crawl-files.ts';

const site = { url: 'https://docs.example.test' };

describe('sitemapXml', () => {
  it('gives each page its absolute URL, and its last change when known', () => {
    const xml = sitemapXml(site.url, [
      { route: '/guides/setup', lastModified: '2026-11-22T12:51:48+00:00' },
      { route: '/a&b' },
    ]);
    expect(xml).toContain(
      '<url><loc>https://docs.example.test/guides/setup</loc><lastmod>2026-11-22T12:51:48+00:00</lastmod></url>',
    );
    expect(xml).toContain('<url><loc>https://docs.example.test/a&amp;b</loc></url>');
  });
});

describe('robotsTxt', () => {
  it('names the sitemap when the site ships no robots.txt', () => {
    expect(robotsTxt(site, undefined)).toBe(
      'User-agent: *\nAllow: /\nDisallow: /__data/\nSitemap: https://docs.example.test/sitemap.xml\n',
    );
  });

  it("adds the sitemap to the site's own robots.txt when it names none", () => {
    expect(robotsTxt(site, 'User-agent: *\nDisallow: /private')).toBe(
      'User-agent: *\nDisallow: /private\nSitemap: https://docs.example.test/sitemap.xml\n',
    );
  });

  it("keeps the site's own robots.txt as written when it names a sitemap", () => {
    const own = 'User-agent: *\nsitemap: https://elsewhere.test/map.xml\n';
    expect(robotsTxt(site, own)).toBe(own);
  });
});
