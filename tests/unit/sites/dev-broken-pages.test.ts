// `npm start` builds with `tolerateBrokenPages`: a page that fails to build becomes a record of its
// problems at its own route, and every other page is built and served. `npm run build` (and so the
// deploy) still fails on the same site, with every problem listed.

import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenPageLimits, type BrokenPage } from '../../../client/contract/page.ts';
import { kvKeys } from '../../../client/contract/storage.ts';
import { compileDocs, type CompiledDoc } from '../../../scripts/compiler/compile/compile-pages.ts';
import { discoverDocs } from '../../../scripts/compiler/sources/discover.ts';
import type { BuildError } from '../../../scripts/compiler/errors.ts';
import { compileContext, devBuildSite, page, writeSite, type BuiltSite } from '../support/sites.ts';
import { expectBuildFailure } from '../support/build-failure.ts';

const fixture = 'tests/fixtures/broken-pages';

function brokenRecord(site: BuiltSite, route: string): BrokenPage {
  const target = site.routeTargets.get(route);
  if (!target || !('broken' in target)) throw new Error(`${route} is not a broken page of the build`);
  return JSON.parse(site.entry(kvKeys.broken(target.broken))!) as BrokenPage;
}

describe('the dev build of a site with broken pages', () => {
  it('builds the good page and records each broken one at its route with file, line and fix', async () => {
    const site = await devBuildSite(fixture);
    expect(site.pages.map((p) => p.route)).toEqual(['/']);
    expect(site.pages[0]!.title).toBe('Welcome');

    const syntax = brokenRecord(site, '/syntax');
    expect(syntax).toMatchObject({ route: '/syntax', title: 'Syntax error', source: 'docs/syntax.mdx', more: 0 });
    expect(syntax.problems).toHaveLength(1);
    expect(syntax.problems[0]).toMatchObject({ file: 'docs/syntax.mdx', line: 10 });
    expect(syntax.problems[0]!.problem).toMatch(/closing brace for `\{`/);
    expect(syntax.problems[0]!.fix).toMatch(/escape \{ and \}/);

    const imports = brokenRecord(site, '/imports');
    expect(imports.problems).toHaveLength(1);
    expect(imports.problems[0]).toMatchObject({ file: 'docs/imports.mdx', line: 6 });
    expect(imports.problems[0]!.problem).toMatch(/Could not resolve "\.\/_no-such-partial\.mdx"/);
    expect(imports.problems[0]!.fix).toMatch(/point the import at a file that exists/);

    // The broken pages keep their sidebar place, so the error page keeps the reader's.
    expect(syntax.sidebar).toBe(site.manifest.defaultSidebar);
    expect(site.broken.map((b) => b.route)).toEqual(['/imports', '/syntax']);
  });

  it('leaves broken pages out of search, llms and the page list, not out of the sidebar', async () => {
    const site = await devBuildSite(fixture);
    expect(new Set(site.records.map((r) => new URL(r.url).pathname))).toEqual(new Set(['/']));
    const sidebar = JSON.stringify(Object.values(site.sidebars));
    expect(sidebar).toContain('"/syntax"');
    expect(sidebar).toContain('"/imports"');
  });

  it('keeps a page with bad frontmatter at its file route, with the YAML problem', async () => {
    const siteDir = await writeSite({
      'docs/good.md': page('Good', 'Fine.'),
      'docs/bad.md': '---\ntitle: Bad: page\n---\n\nBody.\n',
    });
    const site = await devBuildSite(siteDir);
    expect(site.pages.map((p) => p.route)).toEqual(['/good']);
    const bad = brokenRecord(site, '/bad');
    expect(bad.problems[0]).toMatchObject({ file: 'docs/bad.md', line: 2 });
    expect(bad.problems[0]!.problem).toMatch(/bad frontmatter/);
    expect(bad.problems[0]!.fix).toMatch(/valid YAML/);
  });

  it('records an unknown component and a broken link against their own pages only', async () => {
    const siteDir = await writeSite({
      'docs/a.md': page('A', 'Fine, with a [link](./b.md).'),
      'docs/b.md': page('B', 'Text.', '', '<Foo />'),
      'docs/c.md': page('C', 'See [nowhere](/nowhere).'),
    });
    const site = await devBuildSite(siteDir);
    expect(site.pages.map((p) => p.route)).toEqual(['/a']);
    expect(brokenRecord(site, '/b').problems[0]).toMatchObject({ file: 'docs/b.md', line: 7 });
    expect(brokenRecord(site, '/b').problems[0]!.problem).toBe('unknown component <Foo>');
    expect(brokenRecord(site, '/c').problems[0]).toMatchObject({ file: 'docs/c.md', line: 5 });
    expect(brokenRecord(site, '/c').problems[0]!.problem).toMatch(/broken link: \/nowhere/);
  });

  it('names the page that imports a broken partial, with the partial as the place to fix', async () => {
    const siteDir = await writeSite({
      'docs/a.mdx': page('A', "import Part from './_part.mdx';", '', '<Part />'),
      'docs/b.md': page('B', 'Fine.'),
      'docs/_part.mdx': 'Fine.\n\nA stray { brace.\n',
    });
    const site = await devBuildSite(siteDir);
    expect(site.pages.map((p) => p.route)).toEqual(['/b']);
    expect(brokenRecord(site, '/a').problems[0]).toMatchObject({ file: 'docs/_part.mdx', line: 3 });
  });

  it('keeps a record bounded however many problems a page has', async () => {
    const links = Array.from({ length: 15 }, (_, i) => `[link ${i}](/missing-${i}-${'x'.repeat(3000)})`);
    const site = await devBuildSite(await writeSite({ 'docs/a.md': page('A', ...links.map((l) => `${l}\n`)) }));
    const record = brokenRecord(site, '/a');
    expect(record.problems).toHaveLength(brokenPageLimits.problems);
    expect(record.more).toBe(15 - brokenPageLimits.problems);
    for (const problem of record.problems) expect(problem.problem.length).toBeLessThanOrEqual(brokenPageLimits.chars);
    // The terminal still hears of every one.
    expect(site.broken[0]!.problems).toHaveLength(15);
  });
});

describe('compiling with broken pages tolerated', () => {
  it('compiles the rest of a failed batch page by page, in a compile thread too', async () => {
    const siteDir = await writeSite({
      ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`docs/p${i}.md`, page(`P${i}`, 'Fine.')])),
      'docs/p3.md': page('P3', 'A stray { brace.'),
    });
    const docs = await discoverDocs(siteDir);
    for (const threads of [0, 1]) {
      const compiled: CompiledDoc[] = [];
      const broken: [string, BuildError[]][] = [];
      const context = compileContext(siteDir, docs, { onBrokenLinks: 'throw', onBrokenMarkdownLinks: 'throw' });

      await compileDocs(docs, context, (doc) => void compiled.push(doc), {
        threads,
        onBroken: (doc, _index, problems) => void broken.push([doc.relPath, problems]),
      });
      expect(compiled.map((c) => c.doc.relPath).sort()).toEqual([
        'docs/p0.md',
        'docs/p1.md',
        'docs/p2.md',
        'docs/p4.md',
        'docs/p5.md',
      ]);
      expect(broken.map(([file, problems]) => [file, problems.map((p) => p.line)])).toEqual([['docs/p3.md', [5]]]);
      expect(context.diagnostics.errors).toEqual([]);
    }
  });
});

describe('npm run build on a site with broken pages', () => {
  it('still fails, listing every problem', async () => {
    const errors = (await expectBuildFailure(fixture)).errors;
    expect(errors.map((e) => `${e.file}:${e.line}`).sort()).toEqual(['docs/imports.mdx:6', 'docs/syntax.mdx:10']);
  });

  it('exits 1 with the message list and writes no broken-page record', async () => {
    const out = await mkdtemp(join(tmpdir(), 'self-docs-unit-build-'));
    try {
      const run = spawnSync('npx', ['tsx', 'scripts/build.ts', '--content', fixture, '--out', out], {
        encoding: 'utf8',
        env: { ...process.env, SELF_BUILD_THREADS: '0' },
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('build failed:');
      expect(run.stderr).toContain('docs/syntax.mdx:10: MDX syntax error');
      expect(run.stderr).toContain('docs/imports.mdx:6: MDX syntax error');
      expect(run.stderr).not.toMatch(/\n\s+at /);
      const written = await readdir(out, { recursive: true, withFileTypes: true });
      for (const file of written.filter((entry) => entry.isFile())) {
        expect(await readFile(join(file.parentPath, file.name), 'utf8')).not.toContain('"broken:');
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
