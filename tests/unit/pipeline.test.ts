// The whole build on the fixture site: what it writes for the worker, and how a build is named.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvKeys, type Manifest, type PageData } from '../../client/model.ts';
import { runBuild, type BuildResult } from '../../scripts/build/pipeline.ts';
import { buildSite, page, writeSite } from './support/sites.ts';

let outDir: string;
let result: BuildResult;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'self-docs-unit-pipeline-'));
  result = await runBuild({ siteDir: 'tests/fixtures/site', outDir, skipClient: true });
});

afterAll(() => rm(outDir, { recursive: true, force: true }));

const entry = (key: string) => result.kvEntries.find((e) => e.key === key)?.value;

describe('runBuild', () => {
  it('stores the manifest, every page and every raw Markdown source under build-id keys', () => {
    const { buildId } = result;
    const manifest = JSON.parse(entry(kvKeys.manifest(buildId))!) as Manifest;
    expect(manifest.buildId).toBe(buildId);
    for (const route of Object.keys(manifest.routes)) {
      expect((JSON.parse(entry(kvKeys.page(buildId, route))!) as PageData).route).toBe(route);
      expect(entry(kvKeys.markdown(buildId, route))).toBeDefined();
    }
    // Search pieces are named by their content, shared by the builds that have them.
    const searchPiece = new RegExp(`^${kvKeys.searchPiece('[0-9a-f]{16}')}$`);
    expect(result.kvEntries.every((e) => e.key.startsWith(`b:${buildId}:`) || searchPiece.test(e.key))).toBe(true);
  });

  it('stores the plain Markdown of a page for <route>.md: no frontmatter, links absolute', () => {
    const markdown = entry(kvKeys.markdown(result.buildId, '/intro'));
    expect(markdown).not.toContain('sidebar_position');
    expect(markdown).toContain(
      '# Welcome to the fixture\n\nThis page links to [setup](https://docs.example.test/guides/setup)',
    );
  });

  it('lists every route with its title and description in the manifest', () => {
    expect(result.manifest.routes['/intro']).toEqual({
      title: 'Introduction',
      description: 'The first page of the fixture site.',
    });
    expect(Object.keys(result.manifest.routes).sort()).toEqual([
      '/components',
      '/guides/advanced-topics',
      '/guides/preview',
      '/guides/setup',
      '/intro',
      '/reference/api',
      '/standalone',
    ]);
  });

  it('redirects the file path of a page that has a slug to its route', () => {
    expect(result.manifest.redirects).toEqual({ '/guides/advanced': '/guides/advanced-topics', '/': '/intro' });
  });

  it('writes the KV entries and the build id for the deploy step', async () => {
    expect(JSON.parse(await readFile(join(outDir, 'kv', 'build.json'), 'utf8'))).toEqual(result.kvEntries);
    expect(await readFile(join(outDir, 'kv', 'build-id'), 'utf8')).toBe(result.buildId);
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
