// sitemap.xml and robots.txt as crawlers read them.

import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapFiles, sitemapXml } from '../../../../../scripts/compiler/outputs/crawl-files.ts';

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

describe('sitemapFiles', () => {
  const entries = Array.from({ length: 7 }, (_, at) => ({ route: `/page-${at}` }));
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  it('writes one sitemap.xml when the site fits one file', () => {
    const files = sitemapFiles(site.url, entries);
    expect([...files.keys()]).toEqual(['sitemap.xml']);
    expect(files.get('sitemap.xml')).toBe(sitemapXml(site.url, entries));
  });

  it('makes sitemap.xml an index of files within the URL limit, every page in one of them', () => {
    const files = sitemapFiles(site.url, entries, { urls: 3, bytes: 1_000_000 });
    expect([...files.keys()].sort()).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap.xml']);
    const index = files.get('sitemap.xml')!;
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual([1, 2, 3].map((n) => `https://docs.example.test/sitemap-${n}.xml`));
    const listed = [1, 2, 3].flatMap((n) => locs(files.get(`sitemap-${n}.xml`)!));
    expect(listed).toEqual(entries.map((entry) => `https://docs.example.test${entry.route}`));
    expect(locs(files.get('sitemap-3.xml')!)).toHaveLength(1);
  });

  it('starts a new file before one would pass the byte limit', () => {
    const limit = sitemapXml(site.url, entries.slice(0, 2)).length;
    const files = sitemapFiles(site.url, entries, { urls: 50_000, bytes: limit });
    for (const [name, xml] of files) if (name !== 'sitemap.xml') expect(xml.length).toBeLessThanOrEqual(limit);
    expect(files.size).toBe(5);
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
