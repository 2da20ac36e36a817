// The files crawlers read: sitemap.xml (listed pages, with when they last changed) and
// robots.txt (which must name the sitemap). The sitemap protocol allows 50,000 URLs and 50 MB a
// file, so a larger site's sitemap.xml is an index of sitemap-<n>.xml files, each within both (and
// within a static asset's 25 MiB).

import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteConfig } from '../../../client/contract/site-config.ts';
import { pagePath } from '../../../client/contract/urls.ts';

export interface SitemapEntry {
  route: string;
  /** ISO 8601 date of the last change, when known. */
  lastModified?: string;
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const namespace = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** Most URLs and bytes one sitemap file holds (the protocol's count; bytes under a static asset's limit). */
export const sitemapFileLimits = { urls: 50_000, bytes: 24 * 1024 * 1024 };

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  return urlSet(entries.map((entry) => urlLine(siteUrl, entry)));
}

function urlLine(siteUrl: string, entry: SitemapEntry): string {
  const loc = `<loc>${escapeXml(new URL(entry.route, siteUrl).href)}</loc>`;
  const lastmod = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : '';
  return `  <url>${loc}${lastmod}</url>`;
}

function urlSet(lines: string[]): string {
  return `${xmlHead}<urlset ${namespace}>\n${lines.join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap files by name: `sitemap.xml` alone when the site fits one file, else `sitemap.xml`
 * as an index of `sitemap-1.xml`, `sitemap-2.xml`, … in the entries' order.
 */
export function sitemapFiles(
  siteUrl: string,
  entries: SitemapEntry[],
  limits: { urls: number; bytes: number } = sitemapFileLimits,
): Map<string, string> {
  const room = limits.bytes - urlSet([]).length;
  const parts: string[][] = [[]];
  let bytes = 0;
  for (const entry of entries) {
    const line = urlLine(siteUrl, entry);
    const size = Buffer.byteLength(line);
    let part = parts[parts.length - 1]!;
    // Lines after a file's first are joined by a newline.
    if (part.length > 0 && (part.length >= limits.urls || bytes + 1 + size > room)) {
      part = [];
      parts.push(part);
    }
    bytes = part.length === 0 ? size : bytes + 1 + size;
    part.push(line);
  }
  if (parts.length === 1) return new Map([['sitemap.xml', urlSet(parts[0]!)]]);
  const files = new Map<string, string>();
  const index = parts.map((lines, at) => {
    const name = `sitemap-${at + 1}.xml`;
    files.set(name, urlSet(lines));
    return `  <sitemap><loc>${escapeXml(new URL(`/${name}`, siteUrl).href)}</loc></sitemap>`;
  });
  files.set('sitemap.xml', `${xmlHead}<sitemapindex ${namespace}>\n${index.join('\n')}\n</sitemapindex>\n`);
  return files;
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

/** Writes the sitemap (listed pages) and `robots.txt` (the site's own and the sitemap line) in the client folder. */
export async function writeCrawlFiles(
  outDir: string,
  site: Pick<SiteConfig, 'url' | 'trailingSlash'>,
  pages: (SitemapEntry & { unlisted?: true })[],
): Promise<void> {
  const listed = pages
    .filter((page) => !page.unlisted)
    .map((page) => ({ route: pagePath(page.route, site.trailingSlash), lastModified: page.lastModified }));
  for (const [name, xml] of sitemapFiles(site.url, listed)) await writeFile(join(outDir, 'client', name), xml);
  const robots = join(outDir, 'client', 'robots.txt');
  await writeFile(robots, robotsTxt(site, existsSync(robots) ? await readFile(robots, 'utf8') : undefined));
}
