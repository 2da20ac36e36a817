// A site whose Docusaurus config says `trailingSlash: true`: pages answer at `/x/`, every other
// spelling of them redirects there in one hop, and the page's links and canonical URL carry the
// slash. The 404 page, the search page, the data files and the Markdown views are as on any site;
// a site with `trailingSlash: false` redirects the other way, as every site did before.

import { beforeEach, describe, expect, it } from 'vitest';
import { deployFixture, type DeployedBuild } from '../support/deploy.ts';
import { attributesOf, readDocument, textOf } from '../support/html.ts';
import { get } from '../support/requests.ts';
import { pageDataPath } from '../../../client/contract/urls.ts';

let build: DeployedBuild;

beforeEach(async () => {
  build = await deployFixture({ site: { trailingSlash: true } });
});

function location(response: Response): string | null {
  return response.headers.get('location');
}

describe('pages', () => {
  it('serves /guides/setup/ with its sidebar, pagination and canonical URL spelled with the slash', async () => {
    const response = await get('/guides/setup/');
    expect(response.status).toBe(200);
    const html = await response.text();
    const doc = await readDocument(html);
    expect(doc.canonical).toBe(`${new URL(build.manifest.site.url).origin}/guides/setup/`);
    const sidebar = await attributesOf(html, '.doc-sidebar a', 'href');
    expect(sidebar).toContain('/intro/');
    expect(sidebar.filter((href) => href?.startsWith('/') && !href.endsWith('/'))).toEqual([]);
    const pagination = await attributesOf(html, '.pagination-nav a', 'href');
    expect(pagination.length).toBeGreaterThan(0);
    expect(pagination.filter((href) => !href?.endsWith('/'))).toEqual([]);
  });

  it.each(['/guides/setup', '/guides/setup.html', '/guides/setup/index.html', '/guides/setup//'])(
    'redirects %s permanently to /guides/setup/',
    async (path) => {
      const response = await get(`${path}?tab=npm`);
      await response.body?.cancel();
      expect(response.status).toBe(301);
      expect(location(response)).toBe('/guides/setup/?tab=npm');
    },
  );

  it('sends an old path the build moved straight to the new one with its slash, in one hop', async () => {
    for (const path of ['/guides/advanced', '/guides/advanced/']) {
      const response = await get(path);
      await response.body?.cancel();
      expect(response.status).toBe(301);
      expect(location(response)).toBe('/guides/advanced-topics/');
    }
  });

  it('serves the home page at / alone', async () => {
    await deployFixture({ fixture: 'home-site', site: { trailingSlash: true } });
    const response = await get('/');
    expect(response.status).toBe(200);
    await response.text();
  });
});

describe('what is not a page', () => {
  it('answers a missing path with the 404 page, after one redirect at most', async () => {
    const slashed = await get('/does-not-exist/');
    expect(slashed.status).toBe(404);
    expect(await textOf(await slashed.text(), 'main h1')).toBe('Page Not Found');
    const bare = await get('/does-not-exist');
    await bare.body?.cancel();
    expect(bare.status).toBe(301);
    expect(location(bare)).toBe('/does-not-exist/');
  });

  it('keeps the search page where it was, its canonical URL without the slash', async () => {
    for (const path of ['/search?q=setup', '/search/?q=setup']) {
      const search = await get(path);
      expect(search.status).toBe(200);
      const url = `${new URL(build.manifest.site.url).origin}/search`;
      expect(await attributesOf(await search.text(), 'meta[property="og:url"]', 'content')).toEqual([url]);
    }
  });

  it('serves the Markdown views and the page data at their one spelling', async () => {
    const markdown = await get('/guides/setup.md');
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    await markdown.text();
    const asked = await get('/guides/setup/', { headers: { accept: 'text/markdown' } });
    expect(asked.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    await asked.text();
    const data = await get(pageDataPath(build.buildId, '/guides/setup'));
    expect(data.status).toBe(200);
    await data.text();
  });
});

describe('a site with trailingSlash: false', () => {
  it('redirects /x/ to /x and serves /x, as every site did before', async () => {
    await deployFixture({ site: { trailingSlash: false } });
    const slashed = await get('/guides/setup/');
    await slashed.body?.cancel();
    expect(slashed.status).toBe(301);
    expect(location(slashed)).toBe('/guides/setup');
    const bare = await get('/guides/setup');
    expect(bare.status).toBe(200);
    expect(await attributesOf(await bare.text(), '.doc-sidebar a[href="/intro"]', 'href')).toEqual(['/intro']);
  });
});
