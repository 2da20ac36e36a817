// A Docusaurus site with `trailingSlash: true` (tests/fixtures/docusaurus-trailing-slash, after
// AdguardTeam/KnowledgeBaseDNS): every link the build and the page write to a page is spelled
// `/docs/x/`, as the worker serves it, so no internal link costs a redirect. Files and the
// Markdown views keep their one spelling; a site without the setting is linked as before.

import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kvKeys } from '../../../client/contract/storage.ts';
import { writeCrawlFiles } from '../../../scripts/compiler/outputs/crawl-files.ts';
import { servedHtml } from '../support/served-html.ts';
import { buildSite, writeSite, type BuiltSite } from '../support/sites.ts';

const fixture = 'tests/fixtures/docusaurus-trailing-slash';

let built: Promise<BuiltSite> | undefined;
const site = () => (built ??= buildSite(fixture));

async function htmlOf(result: BuiltSite, route: string): Promise<string> {
  const page = result.pages.find((candidate) => candidate.route === route)!;
  const sidebar = page.sidebar ? { id: page.sidebar, items: result.sidebars[page.sidebar]! } : undefined;
  return servedHtml(result.manifest, page, { sidebar });
}

/** The hrefs of `<a>` elements in the document, in order. */
function linkHrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}

describe('a site with trailingSlash: true', () => {
  it('links every page with a slash after it: navbar, footer, sidebar, breadcrumbs, pagination and text', async () => {
    const html = await htmlOf(await site(), '/docs/guides/setup');
    const links = linkHrefs(html);
    expect(links).toEqual(
      expect.arrayContaining([
        // navbar: a doc item, a `to` link; the footer's `to` link
        '/docs/intro/',
        '/blog/',
        '/docs/guides/setup/',
        // sidebar and breadcrumbs: the category's generated page
        '/docs/category/guides/',
        // the text's `deploy.md`, and the pagination
        '/docs/guides/deploy/',
      ]),
    );
    const pagesWithoutSlash = links.filter(
      (href) => href.startsWith('/') && !/\.\w+$/.test(href.split(/[?#]/)[0]!) && !/^\/($|[?#])/.test(href),
    );
    expect(pagesWithoutSlash.filter((href) => !href.split(/[?#]/)[0]!.endsWith('/'))).toEqual([]);
    expect(html).toContain('<link rel="canonical" href="https://slash.example.test/docs/guides/setup/">');
    expect(html).toContain('<meta property="og:url" content="https://slash.example.test/docs/guides/setup/">');
    expect(html).toMatch(/<a class="pagination-link pagination-prev" href="\/docs\/intro\/"/);
    expect(html).toMatch(/<a class="pagination-link pagination-next" href="\/docs\/guides\/deploy\/"/);
  });

  it('keeps a fragment after the slash, and files and the Markdown view as they are', async () => {
    const links = linkHrefs(await htmlOf(await site(), '/docs/intro'));
    expect(links).toContain('/docs/guides/deploy/#checks');
    expect(links).toContain('/files/checklist.pdf');
    expect(links).toContain('/docs/intro.md');
    expect(links).toContain('/');
  });

  it('links a blog post’s text and the blog’s own lists with the slash', async () => {
    const result = await site();
    expect(linkHrefs(await htmlOf(result, '/blog/2024/01/02/hello'))).toContain('/docs/guides/setup/');
    expect(linkHrefs(await htmlOf(result, '/blog'))).toContain('/blog/2024/01/02/hello/');
  });

  it('writes the slash in the search records, llms.txt, the Markdown views and the sitemap', async () => {
    const result = await site();
    const urls = result.records.map((record) => record.url);
    expect(urls).toContain('https://slash.example.test/docs/guides/setup/');
    expect(urls).toContain('https://slash.example.test/docs/guides/setup/#requirements');
    expect(urls.filter((url) => !new URL(url).pathname.endsWith('/'))).toEqual([]);

    const llms = result.manifest.llms
      .map((hash) => (JSON.parse(result.entry(kvKeys.llms(hash))!) as { text: string }).text)
      .join('');
    expect(llms).toContain('(https://slash.example.test/docs/intro/)');
    expect(llms).not.toMatch(/\(https:\/\/slash\.example\.test\/docs\/intro\)/);

    const intro = result.routeTargets.get('/docs/intro')!;
    const markdown = 'markdown' in intro ? result.entry(kvKeys.markdown(intro.markdown))! : '';
    expect(markdown).toContain('[the setup guide](https://slash.example.test/docs/guides/setup/)');
    expect(markdown).toContain('(https://slash.example.test/files/checklist.pdf)');

    // The sitemap is written with the browser bundle, which these builds skip: written here as the build does.
    await mkdir(join(result.outDir, 'client'), { recursive: true });
    await writeCrawlFiles(result.outDir, result.manifest.site, result.pages);
    const sitemap = await readFile(join(result.outDir, 'client', 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://slash.example.test/docs/guides/setup/</loc>');
    expect(sitemap).toContain('<loc>https://slash.example.test/blog/</loc>');
  });

  it('tells the site’s own code the setting, as useDocusaurusContext() gives it', async () => {
    const { manifest } = await site();
    expect(manifest.site.trailingSlash).toBe(true);
  });
});

describe('a site without trailingSlash', () => {
  it('links and records its pages without a slash, as before', async () => {
    const dir = await writeSite({
      'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example.test' };\n",
      'docs/a.md': '# A\n\nSee [b](./b.md).\n',
      'docs/b.md': '# B\n\nText.\n',
    });
    const result = await buildSite(dir);
    expect(result.manifest.site.trailingSlash).toBeUndefined();
    const links = linkHrefs(await htmlOf(result, '/docs/a'));
    expect(links).toContain('/docs/b');
    expect(links).not.toContain('/docs/b/');
    expect(result.records.map((record) => record.url)).toContain('https://t.example.test/docs/b');
  });
});
