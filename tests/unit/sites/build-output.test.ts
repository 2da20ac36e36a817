// The whole build on the fixture site: what it writes for the worker, and how a build is named.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  kvKeys,
  routeBucket,
  type Manifest,
  type RouteBucket,
  type RouteTarget,
} from '../../../client/contract/storage.ts';
import type { PageData } from '../../../client/contract/page.ts';
import { contentHash } from '../../../scripts/compiler/outputs/kv-writer.ts';
import { buildSite, page, writeSite, type BuiltSite } from '../support/sites.ts';

let outDir: string;
let result: BuiltSite;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'self-docs-unit-pipeline-'));
  result = await buildSite('tests/fixtures/site', outDir);
});

afterAll(() => rm(outDir, { recursive: true, force: true }));

const fixtureRoutes = [
  '/components',
  '/guides/advanced-topics',
  '/guides/preview',
  '/guides/setup',
  '/intro',
  '/reference/api',
  '/standalone',
];

/** Where a path leads, as the worker finds it: the manifest's bucket for it, then the bucket's entry. */
function lookUp(path: string): RouteTarget | undefined {
  const { routeBuckets } = result.manifest;
  const bucket = JSON.parse(result.entry(kvKeys.routes(routeBuckets[routeBucket(path, routeBuckets.length)]!))!);
  return (bucket as RouteBucket)[path];
}

describe('runBuild', () => {
  it('stores the manifest under the build id, and every page and its Markdown under the hash of its content', () => {
    const { buildId } = result;
    const manifest = JSON.parse(result.entry(kvKeys.manifest(buildId))!) as Manifest;
    expect(manifest.buildId).toBe(buildId);
    for (const route of fixtureRoutes) {
      const target = lookUp(route);
      if (!target || !('page' in target)) throw new Error(`${route} is not in the route table`);
      const stored = result.entry(kvKeys.page(target.page))!;
      expect((JSON.parse(stored) as PageData).route).toBe(route);
      expect(target.page).toBe(contentHash(stored));
      expect(result.entry(kvKeys.markdown(target.markdown))).toBeDefined();
    }
    // Only the build's own records carry its id; everything else is shared by builds with the same content.
    const ownKeys = result.entries.filter((e) => e.key.startsWith('b:')).map((e) => e.key);
    expect(ownKeys.sort()).toEqual([kvKeys.keys(buildId), kvKeys.manifest(buildId)]);
    expect(JSON.parse(result.entry(kvKeys.keys(buildId))!)).toEqual(
      result.entries
        .filter((e) => !e.key.startsWith('b:'))
        .map((e) => e.key)
        .sort(),
    );
  });

  it('stores the plain Markdown of a page for <route>.md: no frontmatter, links absolute', () => {
    const target = lookUp('/intro') as { markdown: string };
    const markdown = result.entry(kvKeys.markdown(target.markdown));
    expect(markdown).not.toContain('sidebar_position');
    expect(markdown).toContain(
      '# Welcome to the fixture\n\nThis page links to [setup](https://docs.example.test/guides/setup)',
    );
  });

  it('has every page in its route table, and its title and description in the page summary', () => {
    expect(result.pages.find((p) => p.route === '/intro')).toMatchObject({
      title: 'Introduction',
      description: 'The first page of the fixture site.',
    });
    expect(result.pages.map((p) => p.route).sort()).toEqual(fixtureRoutes);
    const pagesInTable = [...result.routeTargets].filter(([, target]) => 'page' in target).map(([route]) => route);
    expect(pagesInTable.sort()).toEqual(fixtureRoutes);
  });

  it('redirects the file path of a page that has a slug to its route, through the route table', () => {
    expect(lookUp('/guides/advanced')).toEqual({ redirect: '/guides/advanced-topics' });
    expect(lookUp('/')).toEqual({ redirect: '/intro' });
    expect(lookUp('/nowhere')).toBeUndefined();
  });

  it('writes the KV entries, the build id and the build’s content keys for the deploy step', async () => {
    expect(await readFile(join(outDir, 'kv', 'build-id'), 'utf8')).toBe(result.buildId);
    expect(await readFile(join(outDir, 'kv', 'keys.json'), 'utf8')).toBe(result.entry(kvKeys.keys(result.buildId)));
    expect(result.kv.keys).toBe(result.entries.length);
  });

  it('carries the frontmatter of a page into its page data', () => {
    const intro = result.pages.find((p) => p.route === '/intro')!;
    expect(intro).toMatchObject({
      title: 'Introduction',
      keywords: ['fixture', 'intro'],
      hideTitle: false,
      hideTableOfContents: false,
      source: 'docs/intro.md',
    });
  });
});

describe('what one build costs in KV does not grow with the site', () => {
  const many = (count: number) =>
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        `docs/part-${Math.floor(i / 50)}/page-${i}.md`,
        `---\ntitle: Page ${i}\ndescription: Page number ${i}.\n---\n\nThe text of page ${i}.\n`,
      ]),
    );

  it('splits the route table into buckets of about 128 routes, and keeps the manifest small', async () => {
    const small = await buildSite(await writeSite(many(20)));
    const large = await buildSite(await writeSite(many(600)));
    expect(small.manifest.routeBuckets).toHaveLength(1);
    expect(large.manifest.routeBuckets.length).toBeGreaterThanOrEqual(4);
    const bucketSizes = large.manifest.routeBuckets.map((hash) => large.entry(kvKeys.routes(hash))!.length);
    expect(Math.max(...bucketSizes)).toBeLessThan(16 * 1024);
    // The manifest names buckets and sidebars: 30 times the pages, not 30 times the bytes.
    const manifestBytes = (site: BuiltSite) => site.entry(kvKeys.manifest(site.buildId))!.length;
    expect(manifestBytes(large)).toBeLessThan(manifestBytes(small) + 2 * 1024);
  });

  it('gives a page the same key in two builds when only another page changed', async () => {
    const files = many(30);
    const before = await buildSite(await writeSite(files));
    const after = await buildSite(
      await writeSite({
        ...files,
        'docs/part-0/page-3.md': files['docs/part-0/page-3.md']!.replace('The text', 'Edited'),
      }),
    );
    const keysOf = (site: BuiltSite) => new Set(site.entries.map((e) => e.key));
    const added = [...keysOf(after)].filter((key) => !keysOf(before).has(key));
    // The edited page, its Markdown, its route bucket, the search index, and the build's own two records;
    // its title and description did not change, so neither did the sidebar or llms.txt.
    expect(added.filter((key) => key.startsWith('page:'))).toHaveLength(1);
    expect(added.filter((key) => key.startsWith('md:'))).toHaveLength(1);
    expect(added.filter((key) => key.startsWith('routes:'))).toHaveLength(1);
    expect(added.filter((key) => key.startsWith('sidebar:') || key.startsWith('llms:'))).toEqual([]);
  });
});

describe('build id', () => {
  it('is the same for the same content, so a rebuild does not change what is live', async () => {
    const again = await buildSite('tests/fixtures/site');
    expect(again.buildId).toBe(result.buildId);
    expect(result.buildId).toMatch(/^[0-9a-f]{12}$/);
  });

  it('changes when a page changes', async () => {
    const before = await buildSite(await writeSite({ 'docs/a.md': page('A', 'One.') }));
    const after = await buildSite(await writeSite({ 'docs/a.md': page('A', 'Two.') }));
    expect(after.buildId).not.toBe(before.buildId);
  });
});
