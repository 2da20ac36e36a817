// Versioned docs as a Docusaurus 3 site keeps them (tests/fixtures/docusaurus-versions):
// versions.json names 2.0 (the last version, at /docs) and 1.0 (unmaintained, at /docs/1.0); the
// docs folder is the unreleased Next, at /docs/next.

import { beforeEach, describe, expect, it } from 'vitest';
import { kvKeys } from '../../../client/contract/storage.ts';
import type { SearchPageData } from '../../../client/contract/search-page.ts';
import type { SearchDirectory } from '../../../client/contract/index-pieces.ts';
import { searchFacetFilters } from '../../../client/contract/search-facets.ts';
import { bindings, deployFixture, freshBuildId, pointTo, type DeployedBuild } from '../support/deploy.ts';
import { readDocument, textOf, textsOf } from '../support/html.ts';
import { getSettled } from '../support/requests.ts';
import { docSearchRequest, postSearch, results } from '../support/search.ts';

let build: DeployedBuild;
beforeEach(async () => {
  build = await deployFixture({ fixture: 'docusaurus-versions' });
});

/** Each link of the navbar's version dropdown: label → href. */
function dropdownLinks(html: string): Record<string, string> {
  const list = /<ul class="version-list"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return Object.fromEntries(
    [...list.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((match) => [match[2]!, match[1]!]),
  );
}

describe('routes of each version', () => {
  it.each([
    ['/docs/guides/install', '2.0', 'fabricator command of release 2.0'],
    ['/docs/next/guides/install', 'current', 'gadgetron command, new in the next release'],
    ['/docs/1.0/guides/install', '1.0', 'assembler command of release 1.0'],
  ])('serves %s from version %s', async (path, version, text) => {
    const { response, body } = await getSettled(path);
    expect(response.status).toBe(200);
    const { boot } = await readDocument(body);
    expect(boot.page?.version).toBe(version);
    expect(await textOf(body, '.markdown p')).toContain(text);
  });

  it('serves the last version (versions.json’s first) at the bare docs path', async () => {
    expect(build.manifest.site.docs.lastVersion).toBe('2.0');
    expect((await getSettled('/docs/intro')).body).toContain('Widgets 2.0, the release readers land on.');
    expect((await getSettled('/docs/2.0/intro')).response.status).toBe(404);
  });

  it('leads each version’s root to its first page', async () => {
    for (const [root, first] of [
      ['/docs', '/docs/intro'],
      ['/docs/next', '/docs/next/intro'],
      ['/docs/1.0', '/docs/1.0/intro'],
    ]) {
      const { response } = await getSettled(root!);
      expect(response.status, root).toBe(301);
      expect(new URL(response.headers.get('location')!, 'https://x.test').pathname, root).toBe(first);
    }
  });

  it('gives each page its own version’s sidebar, and names only that version’s sidebar files', async () => {
    const { boot, html } = await readDocument((await getSettled('/docs/1.0/intro')).body);
    const topLevel =
      '.doc-sidebar .sidebar-menu > ul > li > a, .doc-sidebar .sidebar-menu > ul > li > details > summary';
    expect(await textsOf(html, topLevel)).toEqual(['Introduction', 'Legacy API', 'Guides']);
    expect(boot.sidebar).toEqual({ id: 'version-1.0/docs' });
    expect(Object.keys(boot.sidebarFiles)).toEqual(['version-1.0/docs']);
    const next = await readDocument((await getSettled('/docs/next/intro')).body);
    expect(Object.keys(next.boot.sidebarFiles)).toEqual(['version-current/docs']);
  });
});

describe('the version banner', () => {
  it('says a 1.0 page is no longer maintained and links to the same page in the latest version', async () => {
    const { body } = await getSettled('/docs/1.0/guides/install');
    expect(await textOf(body, '.version-banner')).toBe(
      'This is documentation for Widget Docs 1.0, which is no longer actively maintained.' +
        'For up-to-date documentation, see the latest version (2.0).',
    );
    expect(body).toMatch(/class="version-banner[^"]*"[\s\S]*?<a href="\/docs\/guides\/install"[^>]*>/);
  });

  it('says a Next page is unreleased, and links to the latest version’s first page when it has no such page', async () => {
    const { body } = await getSettled('/docs/next/guides/sparkle');
    expect(await textOf(body, '.version-banner')).toBe(
      'This is unreleased documentation for Widget Docs Next version.' +
        'For up-to-date documentation, see the latest version (2.0).',
    );
    expect(body).toMatch(/class="version-banner[^"]*"[\s\S]*?<a href="\/docs\/intro"[^>]*>/);
  });

  it('is not shown on the last version’s pages', async () => {
    const { body } = await getSettled('/docs/guides/install');
    expect(body).not.toContain('version-banner');
    expect(await textOf(body, '.version-badge')).toBe('Version: 2.0');
  });
});

describe('the version dropdown', () => {
  it('lists the versions newest first, each linking to the same page in that version', async () => {
    const { body } = await getSettled('/docs/1.0/guides/install');
    expect(await textOf(body, '.version-button')).toBe('1.0');
    expect(dropdownLinks(body)).toEqual({
      Next: '/docs/next/guides/install',
      '2.0': '/docs/guides/install',
      '1.0': '/docs/1.0/guides/install',
    });
  });

  it('links to a version’s first page when the page has no counterpart there', async () => {
    expect(dropdownLinks((await getSettled('/docs/1.0/legacy-api')).body)).toEqual({
      Next: '/docs/next/intro',
      '2.0': '/docs/intro',
      '1.0': '/docs/1.0/legacy-api',
    });
  });

  it('offers the one version of a site without versions.json, and no banner', async () => {
    await deployFixture();
    const { body } = await getSettled('/intro');
    expect(dropdownLinks(body)).toEqual({ Next: '/intro' });
    expect(body).not.toContain('version-banner');
  });

  it('still renders a build made before versions existed, kept for a rollback', async () => {
    const { manifest } = await deployFixture();
    const { versions: _versions, lastVersion: _last, ...docs } = manifest.site.docs;
    const older = { ...manifest, buildId: freshBuildId(), site: { ...manifest.site, docs } };
    await bindings.CONTENT.put(kvKeys.manifest(older.buildId), JSON.stringify(older));
    await pointTo(older.buildId, [older.buildId]);
    const { response, body } = await getSettled('/intro');
    expect(response.status).toBe(200);
    expect(dropdownLinks(body)).toEqual({ Next: '/intro' });
  });
});

describe('navbar items of type doc and docSidebar', () => {
  /** The navbar's own links (left side): label → href. */
  const navbarLinks = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<a class="navbar-link" href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((match) => [
        match[2]!,
        match[1]!,
      ]),
    );

  it.each([
    ['/docs/guides/install', { Docs: '/docs/intro', Install: '/docs/guides/install' }],
    ['/docs/next/intro', { Docs: '/docs/next/intro', Install: '/docs/next/guides/install' }],
    ['/docs/1.0/legacy-api', { Docs: '/docs/1.0/intro', Install: '/docs/1.0/guides/install' }],
  ])('stay in the version of %s', async (path, links) => {
    expect(navbarLinks((await getSettled(path)).body)).toEqual(links);
  });
});

describe('search by version', () => {
  const pathsOf = (hits: { url?: string }[]) => [...new Set(hits.map((hit) => new URL(hit.url!).pathname))].sort();

  it.each([
    ['docs-default-1.0', ['/docs/1.0/guides/install']],
    ['docs-default-2.0', ['/docs/guides/install']],
    ['docs-default-current', ['/docs/next/guides/install']],
  ])('finds only the pages of the version the modal asks for (%s)', async (tag, paths) => {
    const call = await postSearch(
      docSearchRequest('toolkit', { facetFilters: [['language:en'], [`docusaurus_tag:${tag}`]] }),
    );
    expect(pathsOf(results(call)[0]!.hits)).toEqual(paths);
  });

  it.each(['docs-default-1.0', 'docs-default-2.0', 'docs-default-current'])(
    'finds a custom page, which has no version, whichever version the modal asks for (%s)',
    async (tag) => {
      const call = await postSearch(docSearchRequest('warranty', { facetFilters: searchFacetFilters(tag) }));
      expect(pathsOf(results(call)[0]!.hits)).toEqual(['/support']);
    },
  );

  it('finds the custom page on /search, whichever version it searches', async () => {
    for (const query of ['q=warranty', 'q=warranty&version=1.0']) {
      const data = JSON.parse((await getSettled(`/__search?${query}`)).body) as SearchPageData;
      expect(data.groups.map((group) => group.url)).toEqual(['/support']);
    }
  });

  it('keeps the versions’ tags in the index directory as page ranges, not an entry a record', async () => {
    const directory = JSON.parse(
      (await bindings.CONTENT.get(kvKeys.searchPiece(build.manifest.search.directory)))!,
    ) as SearchDirectory;
    expect(directory.facetExceptions).toEqual([]);
    // Next's pages come first and carry the usual tag; then 2.0's two pages, then 1.0's three,
    // then the custom page, which has Docusaurus's `default`.
    expect(directory.pageTags).toEqual([
      [3, 'docs-default-2.0'],
      [5, 'docs-default-1.0'],
      [8, 'default'],
      [9, 'docs-default-current'],
    ]);
  });

  it('searches the last version on /search, and another with ?version=', async () => {
    const urls = (data: SearchPageData) => data.groups.map((group) => group.url).sort();
    const last = JSON.parse((await getSettled('/__search?q=toolkit')).body) as SearchPageData;
    expect(urls(last)).toEqual(['/docs/guides/install']);
    const old = JSON.parse((await getSettled('/__search?q=toolkit&version=1.0')).body) as SearchPageData;
    expect(urls(old)).toEqual(['/docs/1.0/guides/install']);
    expect(old.version).toBe('1.0');
    const page = (await getSettled('/search?q=toolkit&version=current')).body;
    expect(page).toContain('<a href="/docs/next/guides/install">Installing widgets</a>');
    expect(page).toContain('<input type="hidden" name="version" value="current"/>');
  });
});
