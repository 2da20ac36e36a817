// Step "compile" on large sites: pages are compiled in batches on worker threads and handed over
// as each batch is done. What an author gets must not depend on where a page was compiled.

import { describe, expect, it } from 'vitest';
import { compileDocs, type CompiledDoc } from '../../../../../scripts/compiler/compile/compile-pages.ts';
import { docPageData, type DocPagePlace } from '../../../../../scripts/compiler/compile/doc-page.ts';
import { preparePage } from '../../../../../scripts/compiler/outputs/prepared-page.ts';
import { discoverDocs, type SourceDoc } from '../../../../../scripts/compiler/sources/discover.ts';
import { BuildErrors } from '../../../../../scripts/compiler/errors.ts';
import { languagesLoadedLater } from '../../../../../scripts/compiler/compile/code/highlighter.ts';
import { docsDataReadCount } from '../../../../../scripts/compiler/compile/build-page-globals.ts';
import type { DocsGlobalData } from '../../../../../client/contract/docs-global-data.ts';
import { compileContext, page, writeSite } from '../../../support/sites.ts';
import { expectBuildFailure } from '../../../support/build-failure.ts';

const picture = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

/** Thirty pages (several batches per thread); some link to a missing page, some show a picture. */
async function largeSite(extra: Record<string, string> = {}): Promise<string> {
  const files: Record<string, string> = { 'docs/pictures/dot.svg': picture };
  for (let n = 1; n <= 30; n++) {
    const lines = [`## Part ${n}`, '', `See [the next part](./page-${n + 1}.md).`];
    if (n % 7 === 0) lines.push('', '[Gone](/no-such-page)');
    if (n % 5 === 0) lines.push('', '![A dot](./pictures/dot.svg)');
    lines.push('', '```ts', `const part: number = ${n};`, '```');
    files[`docs/page-${n}.md`] = page(`Page ${n}`, ...lines);
  }
  files['docs/page-31.md'] = page('Last page', 'The end.');
  return writeSite({ ...files, ...extra });
}

async function compileSite(siteDir: string, threads: number, placeOf?: (doc: SourceDoc) => DocPagePlace) {
  const docs = await discoverDocs(siteDir);
  const context = compileContext(siteDir, docs);
  const pages: CompiledDoc[] = [];
  let handing = 0;
  let mostAtOnce = 0;
  await compileDocs(
    docs,
    context,
    async (compiled, index) => {
      mostAtOnce = Math.max(mostAtOnce, ++handing);
      await new Promise((resolve) => setImmediate(resolve));
      expect(pages[index], `page ${index} handed over twice`).toBeUndefined();
      pages[index] = compiled;
      handing--;
    },
    { threads, ...(placeOf ? { placeOf } : {}) },
  );
  return { docs, pages, context, mostAtOnce };
}

/** Made once, when a test first asks: the large site, compiled in the build thread and on two threads. */
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};
const plainSite = once(() => largeSite());
const plainInThread = once(async () => compileSite(await plainSite(), 0));
const plainOnThreads = once(async () => compileSite(await plainSite(), 2));

describe('compiling on worker threads', () => {
  it('gives every page, warning and picture that compiling in the build thread gives', async () => {
    const inThread = await plainInThread();
    const onThreads = await plainOnThreads();

    expect(onThreads.pages.map((p) => p.doc)).toEqual(onThreads.docs);
    expect(onThreads.pages.map(({ tree, toc }) => ({ tree, toc }))).toEqual(
      inThread.pages.map(({ tree, toc }) => ({ tree, toc })),
    );
    expect(onThreads.pages.find((p) => p.doc.relPath === 'docs/page-3.md')!.toc).toEqual([
      { id: 'part-3', text: 'Part 3', level: 2 },
    ]);
    const warnings = onThreads.context.diagnostics.warnings.map((w) => w.message);
    expect(warnings).toEqual(inThread.context.diagnostics.warnings.map((w) => w.message));
    expect(warnings).toEqual(
      [14, 21, 28, 7].map((n) =>
        expect.stringMatching(new RegExp(`^docs/page-${n}\\.md:\\d+: broken link: /no-such-page`)),
      ),
    );
    expect([...onThreads.context.media]).toEqual([...inThread.context.media]);
    expect([...onThreads.context.media.values()]).toEqual([
      expect.stringMatching(/^\/assets\/media\/dot-[0-9a-f]{10}\.svg$/),
    ]);
  });

  it('makes each page ready to store on its thread, as the build thread makes it from the tree', async () => {
    // A place as a version gives it: breadcrumbs, neighbours, the version, the search section.
    const placeOf = (doc: SourceDoc): DocPagePlace => ({
      breadcrumbs: [{ label: 'Parts', href: '/docs/page-1' }],
      next: { title: 'Next', href: '/docs/page-2' },
      set: { version: 'current' },
      facts: { siteUrl: 'https://docs.example.com', section: 'Parts', versions: { '1.0': `/docs/1.0${doc.route}` } },
    });
    const inThread = await plainInThread();
    const onThreads = await compileSite(await plainSite(), 2, placeOf);
    expect(onThreads.pages).toHaveLength(31);
    onThreads.pages.forEach((compiled, index) => {
      const place = placeOf(compiled.doc);
      const expected = preparePage(docPageData(inThread.pages[index]!, place), place.facts);
      expect(compiled.prepared).toEqual(expected);
      // The tree stays on the thread: only what is stored crosses.
      expect(compiled.tree).toEqual([]);
    });
    const first = onThreads.pages[0]!.prepared!;
    expect(JSON.parse(first.json)).toMatchObject({
      route: '/page-1',
      versions: { '1.0': '/docs/1.0/page-1' },
    });
    expect(first.search?.records.map((record) => JSON.parse(record).hierarchy.lvl0)).toContain('Parts');
    expect(first.search?.index?.terms).toContain('part');
  });

  it('hands over one page at a time, waiting for each', async () => {
    const { mostAtOnce, pages } = await plainOnThreads();
    expect(pages).toHaveLength(31);
    expect(mostAtOnce).toBe(1);
  });

  it('tells the build thread the languages its pages loaded beyond those loaded up front, for npm start to warm', async () => {
    // A language no other test loads: the build thread has not loaded it itself.
    expect(languagesLoadedLater()).not.toContain('ocaml');
    const siteDir = await writeSite({
      'docs/a.md': page('A', '```ocaml', 'let square x = x * x', '```'),
      'docs/b.md': page('B', 'Text.'),
    });
    await compileSite(siteDir, 2);
    expect(languagesLoadedLater()).toContain('ocaml');
  });

  it("tells the build thread when a page read the docs' global data, which holds every description", async () => {
    const siteDir = await writeSite({
      'docs/a.md': page('A', 'Text.'),
      'docs/b.mdx': page(
        'B',
        "import { useDocById } from '@docusaurus/plugin-content-docs/client';",
        '',
        "A is titled {useDocById('a')?.title}.",
      ),
    });
    const docs = await discoverDocs(siteDir);
    const data: DocsGlobalData = {
      path: '/',
      versions: [
        {
          ...{ name: 'current', label: 'Next', isLast: true, path: '/', mainDocId: 'a', draftIds: [], sidebars: {} },
          docs: docs.map((doc) => ({ id: doc.id, path: doc.route, title: doc.title })),
          banner: null,
        },
      ],
      breadcrumbs: true,
    };
    const context = { ...compileContext(siteDir, docs), docsData: () => data };
    const compile = async (only: SourceDoc[]) => {
      const reads = docsDataReadCount();
      await compileDocs(only, context, async () => {}, { threads: 2 });
      return docsDataReadCount() - reads;
    };
    expect(await compile(docs.filter((doc) => doc.id === 'a'))).toBe(0);
    expect(await compile(docs)).toBeGreaterThan(0);
  });

  it('reports every page that fails, with its file, line and fix, in the order of the pages', async () => {
    const siteDir = await largeSite({
      'docs/page-12.md': page('Broken', 'A stray { brace.'),
      'docs/page-25.md': page('Unknown', '<Carousel />'),
    });
    const failure = await expectBuildFailure(compileSite(siteDir, 2));
    expect(failure.thrown).toBeInstanceOf(BuildErrors);
    const errors = failure.errors;
    expect(errors.map(({ file, line }) => ({ file, line }))).toEqual([
      { file: 'docs/page-12.md', line: 5 },
      { file: 'docs/page-25.md', line: 5 },
    ]);
    expect(errors[0]!.fix).toMatch(/escape \{ and \}/);
    expect(errors[1]!.problem).toBe('unknown component <Carousel>');
  });
});
