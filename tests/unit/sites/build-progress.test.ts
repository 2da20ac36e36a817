// A build given a progress reporter says each phase, and counts the pages it compiled and stored
// against the total it announced: docs, generated category pages and broken pages alike.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { plainProgress } from '../../../scripts/cli/progress.ts';
import { runBuild } from '../../../scripts/compiler/pipeline.ts';
import { writeSite } from '../support/sites.ts';

const outDirs: string[] = [];
afterAll(() => Promise.all(outDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function buildWithProgress(files: Record<string, string>, tolerateBrokenPages = false) {
  const siteDir = await writeSite(files);
  const outDir = await mkdtemp(join(tmpdir(), 'self-docs-unit-progress-'));
  outDirs.push(outDir);
  const lines: string[] = [];
  const result = await runBuild({
    siteDir,
    outDir,
    skipClient: true,
    tolerateBrokenPages,
    progress: plainProgress((line) => lines.push(line)),
  });
  return { result, lines };
}

const docs = {
  'docs/intro.md': '# Intro\n\nHello.\n',
  'docs/guides/_category_.json': JSON.stringify({ label: 'Guides', link: { type: 'generated-index' } }),
  'docs/guides/setup.md': '# Setup\n\nSteps.\n',
  'docs/guides/deploy.md': '# Deploy\n\nMore steps.\n',
};

describe('a build with a progress reporter', () => {
  it('reports every phase once, in order, and the pages compiled of the total', async () => {
    const { result, lines } = await buildWithProgress(docs);
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'config',
      'discover',
      'compile and store pages',
      'routes, sidebars, llms',
      'search index',
      'client bundle and styles',
      'manifest and files',
    ]);
    // Three docs and the Guides category's generated page.
    expect(result.pages).toHaveLength(4);
    expect(lines[2]).toMatch(/^compile and store pages: 4 of 4 pages in \d+\.\d\d s$/);
  });

  it('counts a broken page among those stored when the build goes on without it', async () => {
    const { result, lines } = await buildWithProgress({ ...docs, 'docs/broken.mdx': '# Broken\n\n<Unclosed\n' }, true);
    expect(result.broken).toHaveLength(1);
    expect(lines.find((line) => line.startsWith('compile and store pages'))).toMatch(/: 5 of 5 pages in /);
  });
});
