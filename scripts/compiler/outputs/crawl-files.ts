// The files crawlers read: sitemap.xml (listed pages, with when they last changed) and
// robots.txt (which must name the sitemap).

import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteConfig } from '../../../client/contract/site-config.ts';

export interface SitemapEntry {
  route: string;
  /** ISO 8601 date of the last change, when known. */
  lastModified?: string;
}

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const loc = `<loc>${escapeXml(new URL(entry.route, siteUrl).href)}</loc>`;
    const lastmod = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : '';
    return `  <url>${loc}${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The site's own robots.txt (from `static/`) is kept as written; a `Sitemap:` line is added when it
 * names none. Without one, every crawler is allowed everywhere but the page-data JSON.
 */
export function robotsTxt(site: Pick<SiteConfig, 'url'>, existing: string | undefined): string {
  const sitemapLine = `Sitemap: ${new URL('/sitemap.xml', site.url).href}`;
  if (existing === undefined) return `User-agent: *\nAllow: /\nDisallow: /__data/\n${sitemapLine}\n`;
  if (/^\s*sitemap\s*:/im.test(existing)) return existing;
  return `${existing}${existing === '' || existing.endsWith('\n') ? '' : '\n'}${sitemapLine}\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Writes `sitemap.xml` (listed pages) and `robots.txt` (the site's own and the sitemap line) in the client folder. */
export async function writeCrawlFiles(
  outDir: string,
  site: Pick<SiteConfig, 'url'>,
  pages: (SitemapEntry & { unlisted?: true })[],
): Promise<void> {
  const listed = pages.filter((page) => !page.unlisted);
  await writeFile(join(outDir, 'client', 'sitemap.xml'), sitemapXml(site.url, listed));
  const robots = join(outDir, 'client', 'robots.txt');
  await writeFile(robots, robotsTxt(site, existsSync(robots) ? await readFile(robots, 'utf8') : undefined));
}
