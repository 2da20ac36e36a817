// Structured data and crawl hygiene as search engines read the served HTML: JSON-LD that
// matches the page it describes, the site's search box on the home page, and noindex on
// pages that are not content (search results, not found).

import { beforeEach, describe, expect, it } from 'vitest';
import { bindings, deployFixture, type DeployedBuild } from '../support/deploy.ts';
import { readDocument } from '../support/html.ts';
import { get } from '../support/requests.ts';

type JsonLd = Record<string, unknown> & { '@type': string };

/** Every JSON-LD block of a page, parsed; a block that does not parse fails the test. */
function jsonLd(html: string): JsonLd[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((match) => JSON.parse(match[1]!) as JsonLd);
}

function ofType(blocks: JsonLd[], type: string): JsonLd {
  const block = blocks.find((b) => b['@type'] === type);
  if (!block) throw new Error(`no ${type} among ${blocks.map((b) => b['@type']).join(', ')}`);
  return block;
}

let build: DeployedBuild;
beforeEach(async () => {
  build = await deployFixture();
});

describe('JSON-LD on a doc page', () => {
  it('describes the page as a TechArticle with its title, description, canonical URL and last change', async () => {
    const html = await (await get('/guides/setup')).text();
    const doc = await readDocument(html);
    const page = build.page('/guides/setup');
    const article = ofType(jsonLd(html), 'TechArticle');
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      headline: page.title,
      description: doc.meta.description,
      url: doc.canonical,
      inLanguage: 'en',
    });
    // The fixture is committed, so the build knows when the file last changed.
    expect(page.lastModified).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(article.dateModified).toBe(page.lastModified);
  });

  it('lists the breadcrumbs the page shows, ending at the page itself', async () => {
    const page = build.page('/guides/setup');
    const trail = ofType(jsonLd(await (await get('/guides/setup')).text()), 'BreadcrumbList');
    const items = trail.itemListElement as { position: number; name: string; item?: string }[];
    expect(items.map((item) => item.name)).toEqual(page.breadcrumbs.map((crumb) => crumb.label));
    expect(items.map((item) => item.position)).toEqual(page.breadcrumbs.map((_, index) => index + 1));
    expect(items.at(-1)!.item).toBe('https://docs.example.test/guides/setup');
  });

  it('keeps a title containing </script> inside the JSON', async () => {
    const route = '/guides/setup';
    const title = 'Setup </script><script>alert(1)</script>';
    await bindings.CONTENT.put(build.pageKey(route), JSON.stringify({ ...build.page(route), title }));
    const html = await (await get(route)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(ofType(jsonLd(html), 'TechArticle').headline).toBe(title);
  });

  it('is not on the not-found page', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    expect(jsonLd(await response.text())).toEqual([]);
  });
});

describe('JSON-LD on the home page', () => {
  it('describes the site with a SearchAction answered by the search page', async () => {
    const home = await deployFixture({ fixture: 'home-site' });
    const siteUrl = new URL('/', home.manifest.site.url).href;
    const site = ofType(jsonLd(await (await get('/')).text()), 'WebSite');
    expect(site).toMatchObject({
      name: home.manifest.site.title,
      url: siteUrl,
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${siteUrl}search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('is only on the home page', async () => {
    expect(jsonLd(await (await get('/guides/setup')).text()).map((b) => b['@type'])).not.toContain('WebSite');
  });
});

describe('pages that are not content', () => {
  it('asks search engines not to index the search page', async () => {
    const doc = await readDocument(await (await get('/search?q=setup')).text());
    expect(doc.meta.robots).toBe('noindex');
    expect(doc.canonical).toBeNull();
  });

  it('asks search engines not to index the not-found page', async () => {
    const doc = await readDocument(await (await get('/no/such/page')).text());
    expect(doc.meta.robots).toBe('noindex');
  });

  it('leaves doc pages indexable', async () => {
    expect((await readDocument(await (await get('/guides/setup')).text())).meta.robots).toBeUndefined();
  });
});
