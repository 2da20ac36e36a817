// A Docusaurus site's own remark and rehype plugins (tests/fixtures/docusaurus-math): math with
// remark-math and rehype-katex from node_modules, a plugin of the config's own file, with options;
// KaTeX's stylesheet and fonts only on pages with a formula; packages `@import`ed by its CSS; on a
// compile thread as in the build's own; and one warning when the site lacks the package.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageData, TreeNode } from '../../../client/contract/page.ts';
import { compileDocs, type CompiledDoc } from '../../../scripts/compiler/compile/compile-pages.ts';
import type { SitePluginLists } from '../../../scripts/compiler/compile/markdown/site-plugins.ts';
import { portableSitePlugins } from '../../../scripts/compiler/compile/markdown/site-plugins.ts';
import { loadSiteConfig } from '../../../scripts/compiler/config/resolve-config.ts';
import { runBuild } from '../../../scripts/compiler/pipeline.ts';
import { discoverDocs } from '../../../scripts/compiler/sources/discover.ts';
import { storedBuild, type BuiltSite } from '../../support/stored-build.ts';
import { buildSite, compileContext, page, siteWithPackages, writeSite } from '../support/sites.ts';

// The fixture with its packages (plugins, stylesheets) installed in its own node_modules.
const fixture = await siteWithPackages('tests/fixtures/docusaurus-math', [
  'remark-math',
  'rehype-katex',
  'nprogress',
  '@docsearch/css',
]);

/** The page's text, as a reader sees it (MathML and KaTeX's HTML both read out). */
function textOf(nodes: TreeNode[]): string {
  return nodes.map((node) => (typeof node === 'string' ? node : textOf(node.c ?? []))).join('');
}

function elementsWithClass(nodes: TreeNode[], name: string): TreeNode[] {
  return nodes.flatMap((node) => {
    if (typeof node === 'string') return [];
    const own = String(node.p?.className ?? '')
      .split(' ')
      .includes(name);
    return [...(own ? [node] : []), ...elementsWithClass(node.c ?? [], name)];
  });
}

describe('a site with remark-math, rehype-katex and a plugin of its own', () => {
  let result: BuiltSite;
  let formulas: PageData;
  let welcome: PageData;

  beforeAll(async () => {
    // With the browser bundle: the stylesheet groups and the site's own CSS are checked too.
    const outDir = join(await writeSite({}), 'out');
    result = await storedBuild(await runBuild({ siteDir: fixture, outDir }), outDir);
    formulas = result.pages.find((each) => each.route === '/formulas')!;
    welcome = result.pages.find((each) => each.route === '/')!;
  }, 300_000);

  it('renders inline and display formulas with KaTeX at build time', () => {
    const inline = elementsWithClass(formulas.tree, 'katex');
    expect(inline.length).toBe(2);
    expect(elementsWithClass(formulas.tree, 'katex-display')).toHaveLength(1);
    // KaTeX's MathML keeps the TeX source as its annotation; its HTML is laid out for the eye.
    expect(JSON.stringify(formulas.tree)).toContain('"encoding":"application/x-tex"},"c":["E = mc^2"]');
    expect(elementsWithClass(formulas.tree, 'katex-html').length).toBe(2);
    expect(textOf(formulas.tree)).not.toContain('$');
  });

  it('runs the config’s own plugin with its options on every page', () => {
    expect(textOf(welcome.tree)).toContain('Project X has no formula on this page');
    expect(textOf(formulas.tree)).toContain('The energy of Project X is');
    expect(textOf([...welcome.tree, ...formulas.tree])).not.toContain('PRJX');
  });

  it('gives KaTeX’s stylesheet, with its fonts from the build, only to pages with a formula', async () => {
    expect(formulas.styles).toContain('math');
    expect(welcome.styles).not.toContain('math');
    const math = result.manifest.assets.styleGroups!.find((group) => group.name === 'math')!;
    expect(math.scope).toBe('page');
    expect(math.css).toContain('.katex-display');
    const fonts = [...math.css!.matchAll(/url\("?([^)"]+\.woff2)"?\)/g)].map((match) => match[1]!);
    expect(fonts.length).toBeGreaterThan(10);
    for (const font of fonts) {
      expect(font).toMatch(/^\/assets\/KaTeX_[\w-]+\.woff2$/);
      await expect(readFile(join(result.outDir, 'client', font))).resolves.toBeTruthy();
    }
    // No CDN: the pages' CSP allows no other origin for styles or fonts.
    expect(result.manifest.head?.sources ?? { style: [], font: [] }).toMatchObject({ style: [], font: [] });
  });

  it('bundles the packages and the local file its custom CSS imports', async () => {
    const url = result.manifest.assets.styles.at(-1)!;
    const css = await readFile(join(result.outDir, 'client', url), 'utf8');
    expect(css).toContain('#nprogress'); // ~nprogress/nprogress.css
    expect(css).toContain('.DocSearch-Button'); // @docsearch/css/dist/button.css
    expect(css).toContain('.math-note'); // url('./local.css')
    expect(css).not.toContain('@import');
    expect(result.warnings.map((warning) => warning.problem)).toEqual([]);
  });
});

describe('site plugins on compile threads', () => {
  async function compileFixture(lists: SitePluginLists, threads: number): Promise<CompiledDoc[]> {
    const docs = await discoverDocs(fixture);
    const context = { ...compileContext(fixture, docs), sitePlugins: lists };
    const pages: CompiledDoc[] = [];
    await compileDocs(docs, context, (compiled, index) => void (pages[index] = compiled), { threads });
    return pages;
  }

  it('loads a package’s plugin in the thread from the module it came from: same pages as in the build’s thread', async () => {
    const { markdownPlugins } = await loadSiteConfig(fixture);
    const fromPackages: SitePluginLists = {
      ...markdownPlugins.docs,
      remarkPlugins: markdownPlugins.docs.remarkPlugins.filter((plugin) => plugin.origin),
    };
    expect(fromPackages.remarkPlugins.map((plugin) => plugin.name)).toEqual(['remark-math']);
    expect(portableSitePlugins(fromPackages)).toBe(true);
    const onThread = await compileFixture(fromPackages, 1);
    const inThread = await compileFixture(fromPackages, 0);
    expect(onThread.map((each) => each.tree)).toEqual(inThread.map((each) => each.tree));
    expect(JSON.stringify(onThread.map((each) => each.tree))).toContain('katex-display');
  }, 180_000);

  it('keeps pages on the build’s thread when a plugin is a function of the config’s own', async () => {
    const { markdownPlugins } = await loadSiteConfig(fixture);
    expect(portableSitePlugins(markdownPlugins.docs)).toBe(false);
    const pages = await compileFixture(markdownPlugins.docs, 1);
    expect(textOf(pages.flatMap((each) => each.tree))).toContain('Project X');
  });
});

describe('a site whose plugins are not installed', () => {
  it('says once which package is missing and builds the page without it; npm2yarn is built in', async () => {
    const siteDir = await writeSite({
      'docs/intro.md': page('Intro', 'Energy: $E = mc^2$.', '', '```bash npm2yarn', 'npm install katex', '```'),
      'docusaurus.config.js': [
        "const math = require('remark-math');",
        'module.exports = {',
        "  title: 'No modules', url: 'https://x.test',",
        '  presets: [[',
        "    'classic',",
        '    {',
        '      docs: {',
        "        routeBasePath: '/',",
        "        remarkPlugins: [math, [require('@docusaurus/remark-plugin-npm2yarn'), { sync: true }]],",
        '      },',
        '      blog: false,',
        '    },',
        '  ]],',
        '};',
      ].join('\n'),
    });
    const built = await buildSite(siteDir);
    expect(built.warnings.map((warning) => `${warning.file}: ${warning.problem}`)).toEqual([
      'docusaurus.config.js: package "remark-math" is not installed in the site folder: presets[0][1].docs.remarkPlugins[0] (which it feeds) is left out',
    ]);
    expect(textOf(built.pages[0]!.tree)).toContain('Energy: $E = mc^2$.');
    expect(textOf(built.pages[0]!.tree)).toContain('yarn add katex');
  });
});
