// Plain pages are built straight from their hast instead of running the code MDX makes of them.
// A reader must not be able to tell: every page of every site we have comes out the same both
// ways, with the same link problems and images, and pages that need their code still run it.

import { join } from 'node:path';
import { createProcessor } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { compileBatch, type BatchEntry } from '../../../../../scripts/compiler/compile/batch.ts';
import { loadSiteConfig } from '../../../../../scripts/compiler/config/resolve-config.ts';
import { discoverDocs } from '../../../../../scripts/compiler/sources/discover.ts';
import { pageContext } from '../../../../../scripts/compiler/compile/page-context.ts';
import { rehypeStaticTree, treeOrCode } from '../../../../../scripts/compiler/compile/direct.ts';
import { compileContext, page, writeSite } from '../../../support/sites.ts';

const root = join(import.meta.dirname, '..', '..', '..', '..', '..');
const sites = [
  'content',
  'tests/fixtures/site',
  'tests/fixtures/home-site',
  'tests/fixtures/markdown-features',
  'tests/fixtures/docusaurus-site',
  'tests/fixtures/docusaurus-markdown',
  'tests/fixtures/docusaurus-async-config',
  'tests/fixtures/docusaurus-components',
];

async function compileBothWays(siteDir: string) {
  const config = await loadSiteConfig(siteDir);
  const docs = await discoverDocs(siteDir, config.site.docs.routeBasePath, config.docsDir);
  const entries: BatchEntry[] = docs.map((doc, index) => ({ index, doc }));
  const compile = async (direct: boolean) => {
    const context = compileContext(siteDir, docs, {
      docsDir: config.docsDir,
      markdown: config.site.markdown,
      pageContext: pageContext(config.site, config.docusaurusConfig),
    });
    const outcome = await compileBatch(entries, context, { direct });
    const pages = [...outcome.pages].sort((a, b) => a.index - b.index);
    return {
      pages,
      trees: pages.map(({ index, tree, toc }) => ({ file: docs[index]!.relPath, tree, toc })),
      errors: outcome.errors.map((error) => error.message),
      warnings: context.diagnostics.warnings.map((warning) => warning.message).sort(),
      linkErrors: context.diagnostics.errors.map((error) => error.message).sort(),
      media: [...context.media].sort(),
    };
  };
  return { direct: await compile(true), throughCode: await compile(false), docs };
}

describe('pages built from their hast', () => {
  it.each(sites)(
    'come out exactly as their compiled code renders them: %s',
    async (site) => {
      const { direct, throughCode, docs } = await compileBothWays(join(root, site));
      expect(direct.trees).toEqual(throughCode.trees);
      expect(direct.errors).toEqual(throughCode.errors);
      expect(direct.warnings).toEqual(throughCode.warnings);
      expect(direct.linkErrors).toEqual(throughCode.linkErrors);
      expect(direct.media).toEqual(throughCode.media);
      // The shortcut is taken: the pages of a site that imports little are mostly plain.
      if (site !== 'tests/fixtures/docusaurus-components') {
        const shortcut = direct.pages.filter((compiled) => compiled.direct).length;
        expect(shortcut).toBeGreaterThanOrEqual(docs.length / 2);
      }
    },
    120_000,
  );

  it('leave pages that import, export or compute to their code', async () => {
    const siteDir = await writeSite({
      'docs/plain.md': page(
        'Plain',
        'Text with a [link](./imports.mdx) and <Admonition type="tip">a tip</Admonition>.',
      ),
      'docs/literal-props.mdx': page(
        'Literal props',
        '<Tabs groupId="os" values={[{label: "Linux", value: "linux"}, {label: `Mac`, value: "mac"}]}>',
        '<TabItem value="linux" default>Linux</TabItem>',
        '<TabItem value="mac">Mac</TabItem>',
        '</Tabs>',
        '',
        '{/* a note to editors */}',
      ),
      'docs/imports.mdx': page('Imports', "import Tabs from '@theme/Tabs';", '', '<Tabs><p>x</p></Tabs>'),
      'docs/exports.mdx': page('Exports', 'export const year = 2026;', '', 'In {year}.'),
      'docs/computes.mdx': page('Computes', 'Two and two make {2 + 2}.'),
      'docs/own-component.mdx': page(
        'Own component',
        'export const Badge = ({ children }) => <strong>{children}</strong>;',
        '',
        '<Badge>new</Badge>',
      ),
    });
    const { direct, throughCode, docs } = await compileBothWays(siteDir);
    expect(direct.trees).toEqual(throughCode.trees);
    const path = Object.fromEntries(direct.pages.map((p) => [docs[p.index]!.relPath, p.direct]));
    expect(path).toEqual({
      'docs/plain.md': true,
      'docs/literal-props.mdx': true,
      'docs/imports.mdx': false,
      'docs/exports.mdx': false,
      'docs/computes.mdx': false,
      'docs/own-component.mdx': false,
    });
    const computed = direct.trees.find((t) => t.file === 'docs/computes.mdx')!;
    expect(computed.tree).toEqual([{ t: 'p', c: ['Two and two make ', '4', '.'] }]);
  });

  it('end MDX’s run at their tree, while a page that needs its code still gets its JavaScript', async () => {
    // A recma plugin counts the runs that reach MDX's JavaScript: a page built from its hast never does.
    const reachedJavaScript: string[] = [];
    const processor = createProcessor({
      rehypePlugins: [rehypeStaticTree],
      recmaPlugins: [() => (_tree: unknown, file: VFile) => void reachedJavaScript.push(file.basename!)],
    });
    const run = (file: VFile) => processor.process(file);
    const plain = await treeOrCode(run, new VFile({ path: 'plain.md', value: '## Setup\n\nRun *it*.' }));
    expect(plain).toEqual({
      tree: [{ t: 'h2', c: ['Setup'] }, '\n', { t: 'p', c: ['Run ', { t: 'em', c: ['it'] }, '.'] }],
    });
    const computed = await treeOrCode(run, new VFile({ path: 'computes.mdx', value: 'Two and two make {2 + 2}.' }));
    expect('code' in computed && computed.code).toContain('2 + 2');
    expect(reachedJavaScript).toEqual(['computes.mdx']);
    // MDX's own errors still reach the caller.
    await expect(treeOrCode(run, new VFile({ path: 'broken.mdx', value: 'An {unclosed' }))).rejects.toThrow(
      /expression/,
    );
  });
});
